import type { Identity } from '../../auth/verify-token';
import { assertAccountVisible } from '../../kernel/caller';
import type { CreditDeps } from './credit-deps';
import { customerEntry } from './credit-views';

/** One page of an account's ledger, newest first, as the practice sees it (who granted stays internal). */
export async function listCreditLedger(
  caller: Identity,
  input: { accountNumber: string; limit: number; cursor?: string | undefined },
  deps: Pick<CreditDeps, 'money' | 'users'>,
) {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const page = await deps.money.listCreditEntries(input.accountNumber, input.limit, input.cursor);
  return { items: page.items.map(customerEntry), nextCursor: page.nextCursor };
}
