import type { CreditEntry } from '../../../core/schemas/credit';
import type { Identity } from '../../auth/verify-token';
import { assertAccountVisible } from '../../kernel/caller';

import type { CreditDeps } from './credit-deps';
import { ledgerCsv } from './credit-csv';

const PAGE = 500;
/** A bound on one export's reads (20,000 entries: decades of a busy practice's credit). */
const MAX_PAGES = 40;

/**
 * `exportCreditLedger`: the account's whole ledger as CSV, oldest first (the order a reconciliation reads
 * it in), named for the account and the day. The same columns for the lab and the practice; who granted an
 * entry is not among them.
 */
export async function exportCreditLedger(
  caller: Identity,
  input: { accountNumber: string },
  deps: Pick<CreditDeps, 'money' | 'users' | 'now' | 'log'>,
): Promise<{ filename: string; csv: string }> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const accountNumber = input.accountNumber;
  const entries: CreditEntry[] = [];
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page === MAX_PAGES) {
      deps.log.warn('credit ledger export cut at its page bound', { accountNumber, entries: entries.length });
      break;
    }
    const { items, nextCursor } = await deps.money.listCreditEntries(accountNumber, PAGE, cursor);
    entries.push(...items);
    if (!nextCursor) break;
    cursor = nextCursor;
  }
  entries.reverse();
  const day = deps.now().toISOString().slice(0, 10);
  return { filename: `lens-credit-${accountNumber}-${day}.csv`, csv: ledgerCsv(entries) };
}
