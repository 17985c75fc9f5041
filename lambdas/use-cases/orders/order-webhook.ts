import { orderWebhookEvent } from '../../../core/rules/webhook-events';
import type { Order } from '../../../core/schemas/orders';
import type { Clock } from '../../kernel/clock';
import type { OutboxMessage } from '../../kernel/outbox';
import { webhookEvent } from '../../kernel/webhook-event';

/**
 * The webhook event an order change raises (core/rules/webhook-events.ts `orderWebhookEvent`), as the outbox
 * message for the change's write; none for a change that raises no event. Every order write that moves a status
 * or stage adds this, so the rule of which change is which event stays in one place.
 */
export function orderWebhook(deps: Pick<Clock, 'now'>, before: Order | null, after: Order): OutboxMessage[] {
  const type = orderWebhookEvent(before, after);
  if (!type) return [];
  // The minimum a lab system needs to match its own records: no patient, no PO (a practice may write a name
  // there), no prices.
  return [
    webhookEvent(deps, type, {
      orderId: after.orderId,
      orderNumber: after.orderNumber,
      accountNumber: after.accountNumber,
      status: after.status,
      stage: after.stage ?? after.status,
      ...(after.submittedAt ? { submittedAt: after.submittedAt } : {}),
      ...(after.promise ? { shipBy: after.promise.shipBy, arriveBy: after.promise.arriveBy } : {}),
      ...(after.invoiceNumber ? { invoiceNumber: after.invoiceNumber } : {}),
      ...(after.shippedOn ? { shippedOn: after.shippedOn } : {}),
      ...(after.deliveredAt ? { deliveredAt: after.deliveredAt } : {}),
      ...(after.parcels
        ? {
            parcels: after.parcels.map((p) => ({
              parcelId: p.parcelId,
              carrier: p.carrier,
              trackingNumber: p.trackingNumber,
              status: p.status,
            })),
          }
        : {}),
    }),
  ];
}
