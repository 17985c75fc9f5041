import { dayForPeople } from '../../core/rules/calendar-days';
import { CARRIER_LABELS, trackingUrl } from '../../core/rules/tracking-numbers';
import type { ParcelClaim } from '../../core/schemas/orders';
import type { Order, OrderHistoryEntry } from '../../core/schemas/orders';
import type { OrderEmailKind } from '../ports/order-notifier';

export const NO_INVOICE = 'N/A';
export const NO_ORDER_NOTES = 'No order notes provided';
export const NO_NOTE = 'None';
export const NO_REASON = 'No reason given';
export const NO_ANSWER = 'No answer given';
/** An order placed before the portal promised dates. */
export const NO_PROMISE = 'to be confirmed';

/** An order shipped without tracking (hand delivery, the lab's courier). */
export const NO_TRACKING = 'No tracking number: the lab delivers this order itself.';
/** An order closed before parcels were recorded. */
export const TRACKING_UNKNOWN = 'No tracking number was recorded.';

/**
 * The parcels of a shipped order, one line each: carrier, number and the carrier's tracking page. Built from
 * numbers checked at the close (letters and digits only) and the carriers' own addresses, so nothing a visitor
 * typed is in it.
 */
export function trackingText(order: Pick<Order, 'parcels'>): string {
  if (!order.parcels) return TRACKING_UNKNOWN;
  if (order.parcels.length === 0) return NO_TRACKING;
  return order.parcels
    .map((p) => `${CARRIER_LABELS[p.carrier]} ${p.trackingNumber}: ${trackingUrl(p.carrier, p.trackingNumber)}`)
    .join('\n');
}

/** A replacement, in the practice's email. */
export const CLAIM_REPLACED = 'We are making replacement lenses at no charge; they ship as a new parcel.';
export const claimDeclined = (reason: string) => `We declined the claim. Reason: ${reason}`;
const CLAIM_DECISION_LABELS: Record<Exclude<ParcelClaim['status'], 'open'>, string> = {
  replaced: 'Replaced',
  declined: 'Declined',
};

/** The values a parcel claim's emails share: the parcel and the problem, from the order as it was at the change. */
function claimValues(order: Order, parcelId: string | undefined): Record<string, string> {
  const parcel = order.parcels?.find((p) => p.parcelId === parcelId);
  const claim = parcel?.claim;
  if (!parcel || !claim) return {};
  const values: Record<string, string> = {
    carrier: CARRIER_LABELS[parcel.carrier],
    trackingNumber: parcel.trackingNumber,
    problem: claim.kind,
    note: claim.note.trim() || NO_NOTE,
  };
  if (claim.status !== 'open') {
    const lab = claim.decisionNote?.trim();
    values['decision'] = CLAIM_DECISION_LABELS[claim.status];
    values['outcome'] = claim.status === 'replaced' ? CLAIM_REPLACED : claimDeclined(lab || NO_REASON);
    // A decline's note is its reason, already in the outcome.
    values['note'] = (claim.status === 'replaced' && lab) || NO_NOTE;
  }
  return values;
}

/** Who an order email is for: the orderer, or one of the lab's notification recipients. */
export type OrderEmailAudience = 'practice' | 'lab';

const lastNoteTo = (order: Order, status: OrderHistoryEntry['to']) =>
  order.history
    .filter((h) => h.to === status)
    .at(-1)
    ?.note?.trim() || undefined;

/** The answer of the latest resubmit (the practice's reply to the lab's hold). */
const lastAnswer = (order: Order) =>
  order.history
    .filter((h) => h.action === 'resubmit')
    .at(-1)
    ?.note?.trim() || undefined;

/** The order's page for the audience: the practice's order page, or the lab's approval page (admins only). */
function orderLinkFor(order: Order, portalUrl: string | null, audience: OrderEmailAudience): string {
  if (!portalUrl) return audience === 'lab' ? 'the Lenslab Portal (Order Approval)' : 'the Lenslab Portal (Orders)';
  const id = encodeURIComponent(order.orderId);
  return audience === 'lab' ? `${portalUrl}/admin/order-approval/${id}` : `${portalUrl}/customer/orders/${id}`;
}

/**
 * The placeholder values of an order email. spec 9 (order closed): the invoice number is "N/A" and the
 * order notes "No order notes provided" when absent. `orderLink` is the page the reader can open (the
 * customer's order page for the practice, the order approval page for the lab) when the portal's address
 * is known.
 */
export function orderEmailValues(
  kind: OrderEmailKind,
  order: Order,
  extra: {
    portalUrl: string | null;
    company?: string | undefined;
    audience?: OrderEmailAudience;
    /** The parcel a parcel claim's email is about. */
    parcelId?: string | undefined;
  },
): Record<string, string> {
  const values: Record<string, string> = {
    orderNumber: order.orderNumber ?? 'draft',
    patientName: order.patient,
    accountNumber: order.accountNumber,
    company: extra.company?.trim() || order.accountNumber,
    orderLink: orderLinkFor(order, extra.portalUrl, extra.audience ?? 'practice'),
  };
  const promised = (day: string | undefined) => (day ? dayForPeople(day) : NO_PROMISE);
  switch (kind) {
    case 'order-submitted':
      values['shipBy'] = promised(order.promise?.shipBy);
      values['arriveBy'] = promised(order.promise?.arriveBy);
      break;
    case 'order-approved':
      values['note'] = lastNoteTo(order, 'approved') ?? NO_NOTE;
      values['shipBy'] = promised(order.promise?.shipBy);
      values['arriveBy'] = promised(order.promise?.arriveBy);
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
    case 'order-resubmitted':
      values['answer'] = lastAnswer(order) ?? NO_ANSWER;
      break;
    case 'order-delayed': {
      const delay = order.delays?.at(-1);
      values['reason'] = delay?.reason.trim() || NO_REASON;
      values['previousShipBy'] = promised(delay?.previousShipBy);
      values['shipBy'] = promised(order.promise?.shipBy);
      values['arriveBy'] = promised(order.promise?.arriveBy);
      break;
    }
    case 'parcel-claim-opened':
    case 'parcel-claim-decided':
      Object.assign(values, claimValues(order, extra.parcelId));
      break;
    case 'order-closed':
      values['invoiceNumber'] = order.invoiceNumber?.trim() || NO_INVOICE;
      values['orderNotes'] = order.notes?.trim() || NO_ORDER_NOTES;
      values['tracking'] = trackingText(order);
      break;
    default:
      break;
  }
  return values;
}
