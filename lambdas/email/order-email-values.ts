import type { Order, OrderHistoryEntry } from '../../core/schemas/order';
import type { OrderEmailKind } from '../ports/order-notifier';

export const NO_INVOICE = 'N/A';
export const NO_ORDER_NOTES = 'No order notes provided';
export const NO_NOTE = 'None';
export const NO_REASON = 'No reason given';

const lastNoteTo = (order: Order, status: OrderHistoryEntry['to']) =>
  order.history
    .filter((h) => h.to === status)
    .at(-1)
    ?.note?.trim() || undefined;

/**
 * The placeholder values of an order email. spec 9 (order closed): the invoice number is "N/A" and the
 * order notes "No order notes provided" when absent. `orderLink` is the customer's order page when the
 * portal's address is known.
 */
export function orderEmailValues(
  kind: OrderEmailKind,
  order: Order,
  extra: { portalUrl: string | null; company?: string | undefined },
): Record<string, string> {
  const values: Record<string, string> = {
    orderNumber: order.orderNumber ?? 'draft',
    patientName: order.patient,
    accountNumber: order.accountNumber,
    company: extra.company?.trim() || order.accountNumber,
    orderLink: extra.portalUrl
      ? `${extra.portalUrl}/customer/orders/${encodeURIComponent(order.orderId)}`
      : 'the Lenslab Portal (Orders)',
  };
  switch (kind) {
    case 'order-approved':
      values['note'] = lastNoteTo(order, 'approved') ?? NO_NOTE;
      break;
    case 'order-on-hold':
      values['message'] = order.holdMessage?.trim() || lastNoteTo(order, 'on-hold') || NO_NOTE;
      break;
    case 'order-rejected':
      values['reason'] = order.rejectReason?.trim() || lastNoteTo(order, 'rejected') || NO_REASON;
      break;
    case 'order-cancelled':
      values['reason'] = lastNoteTo(order, 'cancelled') ?? NO_REASON;
      break;
    case 'order-closed':
      values['invoiceNumber'] = order.invoiceNumber?.trim() || NO_INVOICE;
      values['orderNotes'] = order.notes?.trim() || NO_ORDER_NOTES;
      break;
    default:
      break;
  }
  return values;
}
