import { notFound } from '../../../core/errors';
import type { GetCustomerOutput, LinkedUser } from '../../../core/schemas/customers/customer-admin';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { UsersRepository } from '../../ports/users-repository';
import { accountsOf, isLinked } from './account-link-rules';
import { PRACTICE_NOT_FOUND } from './customer-errors';

/**
 * `getCustomer` (super admins): the practice, the users linked to it (from the practice's `userIds`,
 * confirmed against each user's own record, so a stale id never shows) and its recent orders (empty
 * until the orders issue).
 */
export async function getCustomer(
  accountNumber: string,
  deps: { customers: Pick<CustomersRepository, 'get' | 'linkedUserIds'>; users: Pick<UsersRepository, 'batchGet'> },
): Promise<GetCustomerOutput> {
  const customer = await deps.customers.get(accountNumber);
  if (!customer) throw notFound(PRACTICE_NOT_FOUND);
  const ids = await deps.customers.linkedUserIds(accountNumber);
  const users = ids.length ? await deps.users.batchGet(ids) : [];
  const linkedUsers: LinkedUser[] = users
    .filter((u) => isLinked(accountsOf(u), accountNumber))
    .map((u) => ({
      userId: u.userId,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      isMainAccount: u.accountNumber === accountNumber,
    }))
    .sort((a, b) => a.email.localeCompare(b.email));
  return { customer, linkedUsers, recentOrders: [] };
}
