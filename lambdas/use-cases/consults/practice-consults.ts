import type * as z from '../../../core/zod';
import { notFound } from '../../../core/errors';
import type { CustomerConsult, listAccountConsultsInputSchema } from '../../../core/schemas/consults';
import type { Identity } from '../../auth/verify-token';
import { ACCOUNT_NOT_FOUND } from '../../kernel/caller';
import type { ConsultDeps } from './consult-deps';
import { customerConsult, linkedAccountOf, loadPracticeConsult } from './consult-views';

/** `listAccountConsults`: one of the caller's accounts, newest first (leads the lab linked to it included). */
export async function listAccountConsults(
  caller: Identity,
  input: z.output<typeof listAccountConsultsInputSchema>,
  deps: Pick<ConsultDeps, 'consults' | 'users'>,
): Promise<{ items: CustomerConsult[]; nextCursor: string | null }> {
  const accountNumber = await linkedAccountOf(caller, input.accountNumber, deps);
  if (!accountNumber) throw notFound(ACCOUNT_NOT_FOUND);
  const page = await deps.consults.listByAccount(accountNumber, { limit: input.limit, cursor: input.cursor });
  return { items: page.items.map(customerConsult), nextCursor: page.nextCursor };
}

/** `getConsult`: a consult of one of the caller's accounts; anything else is CONSULT_NOT_FOUND. */
export async function getConsult(
  caller: Identity,
  input: { consultId: string },
  deps: Pick<ConsultDeps, 'consults' | 'users'>,
): Promise<CustomerConsult> {
  return customerConsult(await loadPracticeConsult(caller, input.consultId, deps));
}
