import { notFound } from '../../core/errors';
import type { CustomerInfo } from '../../core/schemas/customer-info';
import type { UserProfile } from '../../core/schemas/user-profile';
import type { Identity } from '../auth/verify-token';
import type { CustomersRepository } from '../ports/customers-repository';
import type { UsersRepository } from '../ports/users-repository';

/** The caller's linked accounts, main account first, each once. */
export function linkedAccounts(user: Pick<UserProfile, 'accountNumber' | 'accountNumbers'> | null): string[] {
  if (!user) return [];
  const all = [user.accountNumber, ...user.accountNumbers].filter((a): a is string => Boolean(a && a.trim()));
  return [...new Set(all)];
}

/** Same answer for "not yours" and "does not exist", so the route cannot be used to probe account numbers. */
const ACCOUNT_NOT_FOUND = 'Account not found';

/**
 * spec 3, 7 customer information for one of the caller's own accounts (their main one unless `account`
 * names another linked one). No linked account, or an account that is not theirs, is not-found: the web app
 * then sets ACCOUNTNUMBERNOTVERIFIED and goes to /auth/request (spec 4). Orders come with the orders issue.
 */
export async function getCustomerInfo(
  caller: Identity,
  input: { page: number; records: number; account?: string | undefined },
  deps: { users: Pick<UsersRepository, 'get'>; customers: CustomersRepository },
): Promise<CustomerInfo> {
  const linked = linkedAccounts(await deps.users.get(caller.userId));
  if (linked.length === 0) throw notFound('No account number is linked to this user');
  const accountNumber = input.account ?? linked[0]!;
  if (!linked.includes(accountNumber)) throw notFound(ACCOUNT_NOT_FOUND);
  const customer = await deps.customers.get(accountNumber);
  if (!customer) throw notFound(ACCOUNT_NOT_FOUND);
  return {
    accountNumber,
    additionalAccounts: linked.filter((a) => a !== accountNumber),
    company: customer.company,
    phone: customer.phone,
    shippingAddress: customer.shippingAddress,
    pricingAllowed: customer.pricingAllowed,
    orders: [],
    page: input.page,
    records: input.records,
    total: 0,
  };
}
