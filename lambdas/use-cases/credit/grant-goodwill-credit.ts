import { aborted, invalidArgument } from '../../../core/errors';
import type { CreditApproval, CreditEntry, GoodwillAnswer } from '../../../core/schemas/credit';
import type { Identity } from '../../auth/verify-token';
import { creditChange } from './credit-moves';
import { actorOf } from '../../kernel/caller';

import { retryOnRefusal } from '../../kernel/retry';
import type { CreditDeps } from './credit-deps';
import { needsSecondApproval, pendingApproval } from './credit-approvals';
import { moneyNotice } from '../../ports/money-notifier';
import { moneyRetry } from '../../ports/money-store';

const NOTE_REQUIRED = 'Say why the credit is given: the practice reads the note.';
export const ENTRY_ID_USED =
  'This entry id was already used for a credit with another amount or note. Reload and grant it again.';

/**
 * `grantGoodwillCredit`: the lab gives an account credit, with a note the practice reads. Idempotent by the
 * browser's `entryId` (the store writes an entry id once per account): a retry answers the entry written,
 * and the account is emailed once. Above the lab's threshold the grant waits for a second super admin
 * (credit-approvals.ts) and answers the pending approval instead of an entry.
 */
export async function grantGoodwillCredit(
  caller: Identity,
  input: { entryId: string; accountNumber: string; amountCents: number; note: string },
  deps: Pick<CreditDeps, 'money' | 'customers' | 'users' | 'now' | 'sleep' | 'audit' | 'creditSettings'>,
): Promise<GoodwillAnswer> {
  const note = input.note.trim();
  if (!note) throw invalidArgument(NOTE_REQUIRED, { note: [NOTE_REQUIRED] });
  const accountNumber = input.accountNumber;

  const earlierAnswer = (entry: CreditEntry) => {
    // Only the very same grant is a retry; other contents under a used id is a bug or a forged call (409).
    if (entry.reason !== 'goodwill' || entry.amountCents !== input.amountCents || entry.note !== note)
      throw aborted(ENTRY_ID_USED);
    return entry;
  };
  const earlierApproval = (approval: CreditApproval): GoodwillAnswer => {
    const same =
      approval.reason === 'goodwill' &&
      approval.accountNumber === accountNumber &&
      approval.amountCents === input.amountCents &&
      approval.note === note;
    if (!same) throw aborted(ENTRY_ID_USED);
    return { entry: null, approval };
  };
  const [earlier, asked] = await Promise.all([
    deps.money.getCreditEntry(accountNumber, input.entryId),
    deps.money.getCreditApproval(input.entryId),
  ]);
  // An approved one is in the ledger too: the entry is the answer then.
  if (earlier) return { entry: earlierAnswer(earlier), approval: null };
  if (asked) return earlierApproval(asked);

  if (!(await deps.customers.get(accountNumber))) {
    const message = `No practice has account number ${accountNumber}.`;
    throw invalidArgument(message, { accountNumber: [message] });
  }
  const by = await actorOf(caller, deps);

  if (needsSecondApproval(input.amountCents, await deps.creditSettings.get())) {
    const approval = pendingApproval(
      {
        entryId: input.entryId,
        accountNumber,
        reason: 'goodwill',
        amountCents: input.amountCents,
        note,
        requestedBy: by,
      },
      deps.now().toISOString(),
    );
    try {
      await deps.money.commit({ approval: { approval, expectedVersion: null } });
    } catch (error) {
      // A concurrent retry asked first: answer what it stored (or 409 if it asked for something else).
      const stored = await deps.money.getCreditApproval(input.entryId);
      if (stored) return earlierApproval(stored);
      throw error;
    }
    await deps.audit?.recordChange({
      action: 'credit.approval-requested',
      target: { type: 'credit', id: approval.entryId },
      accountNumber,
      after: { reason: 'goodwill', amountCents: approval.amountCents, status: 'pending' },
    });
    return { entry: null, approval };
  }

  const { entry, fresh } = await retryOnRefusal(
    deps,
    moneyRetry('The credit could not be saved just now. Please try again.'),
    async (attempt) => {
      // A refused commit may be this same grant written by a concurrent retry: answer it then.
      const stored = attempt > 0 ? await deps.money.getCreditEntry(accountNumber, input.entryId) : null;
      if (stored) return { entry: earlierAnswer(stored), fresh: false };
      const balance = await deps.money.getCreditBalance(accountNumber);
      const change = creditChange(balance, [
        {
          kind: 'grant',
          amountCents: input.amountCents,
          fields: { entryId: input.entryId, at: deps.now().toISOString(), reason: 'goodwill', note, by },
        },
      ]);
      const entry = change.entries[0]!;
      // `to: []`: every user linked to the account. A retry that finds this grant stored answers it above and
      // stores no second email.
      await deps.money.commit({
        credit: [change],
        notices: [moneyNotice(deps, { kind: 'credit-granted', entry, to: [] })],
      });
      return { entry, fresh: true };
    },
  );
  if (fresh)
    await deps.audit?.recordChange({
      action: 'credit.goodwill',
      target: { type: 'credit', id: entry.entryId },
      accountNumber,
      after: { reason: entry.reason, amountCents: entry.amountCents, balanceAfterCents: entry.balanceAfterCents },
    });
  return { entry, approval: null };
}
