import { FORM_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { invalidArgument } from '../../../core/errors';
import type { listOrdersInputSchema, OrderSummary } from '../../../core/schemas/orders';
import { toSummary } from './order-view';
import type { OrderDeps } from './order-deps';

type ListOrdersInput = z.infer<typeof listOrdersInputSchema>;

/**
 * The approval queue: one status, oldest first by when orders entered it, a Query on
 * byStatus. The date filter bounds that same key (`statusAt`), so it narrows the Query itself.
 */
export async function listOrders(
  input: ListOrdersInput,
  deps: Pick<OrderDeps, 'orders'>,
): Promise<{ items: OrderSummary[]; nextCursor: string | null }> {
  if (input.from && input.to && input.from > input.to)
    throw invalidArgument(FORM_MESSAGES.startAfterEnd, { from: [FORM_MESSAGES.startAfterEnd] });
  const page = await deps.orders.listByStatus({
    status: input.status,
    accountNumber: input.accountNumber,
    from: input.from ? `${input.from}T00:00:00.000Z` : undefined,
    to: input.to ? `${input.to}T23:59:59.999Z` : undefined,
    search: input.search || undefined,
    limit: input.limit,
    cursor: input.cursor,
  });
  return { items: page.items.map(toSummary), nextCursor: page.nextCursor };
}
