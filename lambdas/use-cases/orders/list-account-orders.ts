import type * as z from '../../../core/zod';
import { notFound } from '../../../core/errors';
import type { listAccountOrdersInputSchema, OrderSummary } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import { ACCOUNT_NOT_FOUND, callerAccounts, isLab } from '../../kernel/caller';
import { toSummary } from './order-view';
import type { OrderDeps } from './order-deps';

type ListAccountOrdersInput = z.infer<typeof listAccountOrdersInputSchema>;

/**
 * An account's orders, newest placed first: a Query on placedByAccount (drafts: byAccount), one page per call. A practice
 * user lists only accounts they are linked to (others are not-found) and sees only their own drafts.
 */
export async function listAccountOrders(
  caller: Identity,
  input: ListAccountOrdersInput,
  deps: Pick<OrderDeps, 'orders' | 'users'>,
): Promise<{ items: OrderSummary[]; nextCursor: string | null }> {
  if (!isLab(caller)) {
    const { linked } = await callerAccounts(caller, deps);
    if (!linked.includes(input.accountNumber)) throw notFound(ACCOUNT_NOT_FOUND);
  }
  const page = await deps.orders.listByAccount({
    accountNumber: input.accountNumber,
    status: input.status,
    draftsOf: caller.userId,
    search: input.search || undefined,
    limit: input.limit,
    cursor: input.cursor,
  });
  return { items: page.items.map(toSummary), nextCursor: page.nextCursor };
}
