import { randomUUID } from 'node:crypto';
import type { CreditEntry } from '../../../core/schemas/credit';
import type { CreditBalance, CreditChange } from '../../ports/money-store';

/** What a ledger entry needs beyond the balance it moves. */
export type EntryFields = Omit<
  CreditEntry,
  'accountNumber' | 'entryId' | 'balanceAfterCents' | 'kind' | 'amountCents'
> & {
  entryId?: string;
};

/**
 * Appends entries to an account's ledger as one change: each entry records the available balance after it,
 * and the change refuses to take the balance below zero (the caller decides what is available first).
 */
export function creditChange(
  balance: CreditBalance,
  moves: { kind: CreditEntry['kind']; amountCents: number; fields: EntryFields }[],
  pendingDeltaCents = 0,
): CreditChange {
  let available = balance.availableCents;
  const entries: CreditEntry[] = moves.map(({ kind, amountCents, fields }) => {
    available += kind === 'grant' ? amountCents : -amountCents;
    if (available < 0) throw new Error(`credit of ${balance.accountNumber} would go below zero`);
    const { entryId, ...rest } = fields;
    return {
      ...rest,
      accountNumber: balance.accountNumber,
      entryId: entryId ?? randomUUID(),
      kind,
      amountCents,
      balanceAfterCents: available,
    };
  });
  return {
    accountNumber: balance.accountNumber,
    entries,
    balance: { availableCents: available, pendingCents: balance.pendingCents + pendingDeltaCents },
    expectedVersion: balance.exists ? balance.version : null,
  };
}
