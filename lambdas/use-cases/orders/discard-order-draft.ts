import { CHANGED_MESSAGES } from '../../../core/messages';
import { describeError } from '../../../core/describe-error';
import { aborted } from '../../../core/errors';
import type { Identity } from '../../auth/verify-token';
import type { AttachedFiles } from '../../ports/attached-files';
import { callerAccounts } from '../../kernel/caller';
import type { OrderDeps } from './order-deps';

/**
 * Deletes the caller's own draft, then its uploaded files. A submitted order is never
 * discarded (cancelOrder is its way out). An id that is not the caller's draft answers exactly as one that
 * does not exist (`discarded: false`): a retry after success must not fail, and a different answer for
 * someone else's order would tell a caller which order ids exist.
 */
export async function discardOrderDraft(
  caller: Identity,
  input: { orderId: string },
  deps: Pick<OrderDeps, 'orders' | 'users' | 'log'> & { files: Pick<AttachedFiles, 'removeAll'> },
): Promise<{ discarded: boolean }> {
  const order = await deps.orders.get(input.orderId);
  if (!order) return { discarded: false };
  const { linked } = await callerAccounts(caller, deps);
  if (order.createdBy.userId !== caller.userId || !linked.includes(order.accountNumber)) return { discarded: false };
  if (order.status !== 'draft') throw aborted('A submitted order cannot be discarded. Cancel it instead.');
  if (!(await deps.orders.removeDraft(order.orderId, order.version))) throw aborted(CHANGED_MESSAGES.order);
  // The draft is gone either way; a file left behind is only storage, so a failure is logged, not raised.
  await deps.files.removeAll(order.orderId).catch((error: unknown) =>
    deps.log.warn('draft files not deleted', {
      orderId: order.orderId,
      error: describeError(error),
    }),
  );
  return { discarded: true };
}
