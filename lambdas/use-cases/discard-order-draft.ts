import { aborted } from '../../core/errors';
import type { Identity } from '../auth/verify-token';
import type { Logger } from '../http/logger';
import { callerAccounts, ORDER_CHANGED, type OrderDeps } from './order-common';

/** Removes the files stored under an order (the attachments port, when the handler has one). */
export type DeleteOrderFiles = (orderId: string) => Promise<void>;

/**
 * Deletes the caller's own draft (issue 5 item 2), then its uploaded files. A submitted order is never
 * discarded (cancelOrder is its way out). An id that is not the caller's draft answers exactly as one that
 * does not exist (`discarded: false`): a retry after success must not fail, and a different answer for
 * someone else's order would tell a caller which order ids exist.
 */
export async function discardOrderDraft(
  caller: Identity,
  input: { orderId: string },
  deps: Pick<OrderDeps, 'orders' | 'users'> & { deleteFiles?: DeleteOrderFiles; log?: Pick<Logger, 'warn'> },
): Promise<{ discarded: boolean }> {
  const order = await deps.orders.get(input.orderId);
  if (!order) return { discarded: false };
  const { linked } = await callerAccounts(caller, deps);
  if (order.createdBy.userId !== caller.userId || !linked.includes(order.accountNumber)) return { discarded: false };
  if (order.status !== 'draft') throw aborted('A submitted order cannot be discarded. Cancel it instead.');
  if (!(await deps.orders.removeDraft(order.orderId, order.version))) throw aborted(ORDER_CHANGED);
  if (deps.deleteFiles) {
    // The draft is gone either way; a file left behind is only storage, so a failure is logged, not raised.
    await deps.deleteFiles(order.orderId).catch((error: unknown) =>
      deps.log?.warn('draft files not deleted', {
        orderId: order.orderId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  return { discarded: true };
}
