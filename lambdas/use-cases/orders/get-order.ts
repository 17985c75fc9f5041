import type { Order } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import { loadVisibleOrder, viewFor } from './order-view';
import type { OrderDeps } from './order-deps';

/** One order with its timeline: the lab sees any placed order, a practice only its own. */
export async function getOrder(
  caller: Identity,
  input: { orderId: string },
  deps: Pick<OrderDeps, 'orders' | 'users' | 'customers'>,
): Promise<Order> {
  const { order } = await loadVisibleOrder(caller, input.orderId, deps);
  return viewFor(caller, order, deps);
}
