import { notFound } from '../../../core/errors';
import type { CustomerInfo } from '../../../core/schemas/customers/customer-info';
import type { OrderSummary } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import type { CustomersRepository } from '../../ports/customers-repository';
import { counterNames, type OrdersRepository } from '../../ports/orders-repository';
import type { UsersRepository } from '../../ports/users-repository';
import { ACCOUNT_NOT_FOUND, linkedAccounts } from '../../kernel/caller';
import { toSummary } from '../orders';
import { permits, rolesIn } from '../../../core/rules/practice-roles';

/**
 * spec 3, 7 customer information for one of the caller's own accounts (their main one unless `account`
 * names another linked one). No linked account, or an account that is not theirs, is not-found: the web app
 * then sets ACCOUNTNUMBERNOTVERIFIED and goes to /auth/request (spec 4). The account's placed orders come
 * newest first, `records` a page (spec 7, 9), with `total` from the per-account counter (no count Query).
 */
export async function getCustomerInfo(
  caller: Identity,
  input: { page: number; records: number; account?: string | undefined },
  deps: {
    users: Pick<UsersRepository, 'get'>;
    customers: CustomersRepository;
    orders: Pick<OrdersRepository, 'listByAccount' | 'counters'>;
  },
): Promise<CustomerInfo> {
  const user = await deps.users.get(caller.userId);
  const linked = linkedAccounts(user);
  if (linked.length === 0) throw notFound('No account number is linked to this user');
  const accountNumber = input.account ?? linked[0]!;
  if (!linked.includes(accountNumber)) throw notFound(ACCOUNT_NOT_FOUND);
  // The orders name patients: a role without orders (billing, a practice admin alone) gets the practice only.
  const seesOrders = permits(rolesIn(user?.practiceRoles, accountNumber), 'orders');
  // The account is the caller's (checked above), so the practice and its orders are read side by side: one
  // round trip fewer on the dashboard's first call. Settled together, so a missing practice is not-found
  // whatever the list did, and neither read's failure is left unhandled.
  const [found, page] = await Promise.allSettled([
    deps.customers.get(accountNumber),
    seesOrders
      ? accountOrdersPage(deps.orders, accountNumber, caller.userId, input.page, input.records)
      : { orders: [], total: 0 },
  ]);
  if (found.status === 'rejected') throw found.reason;
  const customer = found.value;
  if (!customer) throw notFound(ACCOUNT_NOT_FOUND);
  if (page.status === 'rejected') throw page.reason;
  const { orders, total } = page.value;
  return {
    accountNumber,
    additionalAccounts: linked.filter((a) => a !== accountNumber),
    company: customer.company,
    phone: customer.phone,
    shippingAddress: customer.shippingAddress,
    pricingAllowed: customer.pricingAllowed,
    orders,
    page: input.page,
    records: input.records,
    total,
  };
}

/**
 * Page `page` of the account's orders. Pages are numbered (spec 7), the index pages by cursor: page n follows
 * n-1 cursors, each a Query of `records` items, so page 1 (the dashboard) is one Query.
 */
async function accountOrdersPage(
  repo: Pick<OrdersRepository, 'listByAccount' | 'counters'>,
  accountNumber: string,
  userId: string,
  page: number,
  records: number,
): Promise<{ orders: OrderSummary[]; total: number }> {
  const counterName = counterNames.account(accountNumber);
  const pageItems = async () => {
    let cursor: string | undefined;
    for (let n = 1; n <= page; n++) {
      const answer = await repo.listByAccount({ accountNumber, draftsOf: userId, limit: records, cursor });
      if (n === page || !answer.nextCursor) return n === page ? answer.items.map(toSummary) : [];
      cursor = answer.nextCursor;
    }
    return [];
  };
  // Together, so a failed list never leaves the counter read's own failure unhandled (that ends the process).
  const [orders, counters] = await Promise.all([pageItems(), repo.counters([counterName])]);
  return { orders, total: counters[counterName] ?? 0 };
}
