import type { Order } from '../../../core/schemas/orders';
import type { Clock } from '../../kernel/clock';
import { outboxMessage, type OutboxMessage } from '../../kernel/outbox';
import type { OrderEmailKind, OrderNotice } from '../../ports/order-notifier';
import { withoutPrices } from './order-view';

/**
 * The email about an order change (to the orderer and/or the lab, by kind), as an outbox message for the write
 * that makes the change. The orderer is named by user id: their address is looked up when it is delivered.
 */
export function orderEmail(
  deps: Pick<Clock, 'now'>,
  kind: OrderEmailKind,
  order: Order,
  parcelId?: string,
): OutboxMessage {
  const notice = {
    kind,
    // Emails carry no prices (an account may not be allowed to see them; the lab has the order screen).
    order: withoutPrices(order),
    practiceUserId: order.createdBy.userId,
    ...(parcelId !== undefined ? { parcelId } : {}),
  } satisfies OrderNotice;
  return outboxMessage(deps, 'order', notice);
}
