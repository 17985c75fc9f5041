import type { Order } from '../../../core/schemas/orders';
import { notify, type Notifier } from '../../kernel/notify';
import type { OrderEmailKind } from '../../ports/order-notifier';
import type { OrderDeps } from './order-deps';
import { withoutPrices } from './order-view';

/** Emails the orderer about a stored change; looking up their address is part of sending it. */
export function notifyOrderer(
  deps: Pick<OrderDeps, 'notifier' | 'users' | 'log'>,
  kind: OrderEmailKind,
  order: Order,
): Promise<void> {
  const orderer: Notifier<{ kind: OrderEmailKind }> = {
    async notify() {
      const user = await deps.users.get(order.createdBy.userId);
      // Emails carry no prices (an account may not be allowed to see them; the lab has the order screen).
      await deps.notifier.notify(kind, withoutPrices(order), user?.email ?? null);
    },
  };
  return notify({ notifier: orderer, log: deps.log }, 'order', { kind }, { orderId: order.orderId });
}
