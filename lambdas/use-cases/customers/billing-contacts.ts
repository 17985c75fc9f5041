import { notFound } from '../../../core/errors';
import type {
  BillingContacts,
  getBillingContactsInputSchema,
  updateBillingContactsInputSchema,
} from '../../../core/schemas/customers/billing-contacts';
import type { CustomerDetail } from '../../../core/schemas/customers/customer-admin';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import { ACCOUNT_NOT_FOUND, assertAccountVisible } from '../../kernel/caller';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { UsersRepository } from '../../ports/users-repository';
import { isWriteConflict } from '../../ports/write-conflict';
import { practiceWriteError } from './customer-errors';

export interface BillingContactsDeps {
  customers: Pick<CustomersRepository, 'get' | 'update'>;
  users: Pick<UsersRepository, 'get'>;
}

const view = (practice: CustomerDetail): BillingContacts => ({
  accountNumber: practice.accountNumber,
  contacts: practice.billingContacts ?? [],
  version: practice.version,
});

/** `getBillingContacts`: the account's users and the lab; another practice's account is not-found. */
export async function getBillingContacts(
  caller: Identity,
  input: z.output<typeof getBillingContactsInputSchema>,
  deps: Pick<BillingContactsDeps, 'users'> & { customers: Pick<CustomersRepository, 'get'> },
): Promise<BillingContacts> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const practice = await deps.customers.get(input.accountNumber);
  if (!practice) throw notFound(ACCOUNT_NOT_FOUND);
  return view(practice);
}

/**
 * `updateBillingContacts` (the account's own users; the route admits customers only): the whole list replaces
 * the stored one in one conditional write on the practice's version, so a list someone else changed since it was
 * read (or an admin's edit of the practice) is a 409 and nothing is written.
 */
export async function updateBillingContacts(
  caller: Identity,
  input: z.output<typeof updateBillingContactsInputSchema>,
  deps: BillingContactsDeps,
): Promise<BillingContacts> {
  await assertAccountVisible(caller, input.accountNumber, deps);
  const changes =
    input.contacts.length > 0 ? { set: { billingContacts: input.contacts } } : { remove: ['billingContacts' as const] };
  const updated = await deps.customers.update(input.accountNumber, changes, input.version).catch((error: unknown) => {
    // A linked account with no practice record: the same answer as an account that is not the caller's.
    if (isWriteConflict(error, 'missing')) throw notFound(ACCOUNT_NOT_FOUND);
    return practiceWriteError(error);
  });
  return view(updated);
}
