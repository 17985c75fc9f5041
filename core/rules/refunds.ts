import type { DisputeStatus } from '../schemas/invoices';

/**
 * How much of a card payment can still be paid back, pure so the billing desk's dialog and the server agree to
 * the cent (docs/decisions/0108-refunds-disputes-and-applied-credit.md). A refund pays back card money one payment
 * put on one invoice: never credit (that goes back to the ledger, not the card) and never an overpayment (that
 * became account credit when the payment settled).
 */

interface SettlementFacts {
  method: string;
  amountCents: number;
  paymentId?: string | undefined;
}
interface RefundFacts {
  amountCents: number;
  paymentId: string;
}

/** Card money a payment put on an invoice (its card settlements there). */
export function cardPaidOnInvoice(invoice: { settlements: readonly SettlementFacts[] }, paymentId: string): number {
  return invoice.settlements
    .filter((s) => s.method === 'card' && s.paymentId === paymentId)
    .reduce((sum, s) => sum + s.amountCents, 0);
}

/** Money paid back on an invoice, of one payment or of all. */
export function refundedOnInvoice(
  invoice: { refunds?: readonly RefundFacts[] | undefined },
  paymentId?: string,
): number {
  return (invoice.refunds ?? [])
    .filter((r) => paymentId === undefined || r.paymentId === paymentId)
    .reduce((sum, r) => sum + r.amountCents, 0);
}

/** What the invoice shows can still be refunded of a payment (refunds recorded on it, not those in flight). */
export function refundableOnInvoice(
  invoice: { settlements: readonly SettlementFacts[]; refunds?: readonly RefundFacts[] | undefined },
  paymentId: string,
): number {
  return Math.max(0, cardPaidOnInvoice(invoice, paymentId) - refundedOnInvoice(invoice, paymentId));
}

interface PaymentRefundFacts {
  invoiceNumber: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
}

/** Refunds that hold money of a payment: issued, or asked and not yet answered by the gateway. */
export function heldRefunds<R extends PaymentRefundFacts>(
  refunds: readonly R[] | undefined,
  invoiceNumber?: string,
): R[] {
  return (refunds ?? []).filter(
    (r) => r.status !== 'failed' && (invoiceNumber === undefined || r.invoiceNumber === invoiceNumber),
  );
}

/**
 * What the server lets a new refund take: the payment's card money on the invoice less every refund of it that
 * is issued or in flight (the payment's own list, written under its version, so two refunds asked at once
 * cannot both take the last dollar), and never beyond what the card captured.
 */
export function refundLimit(
  payment: { paymentId: string; cardCents: number; refunds?: readonly PaymentRefundFacts[] | undefined },
  invoice: { invoiceNumber: string; settlements: readonly SettlementFacts[] },
): number {
  const held = (refunds: PaymentRefundFacts[]) => refunds.reduce((sum, r) => sum + r.amountCents, 0);
  const onInvoice =
    cardPaidOnInvoice(invoice, payment.paymentId) - held(heldRefunds(payment.refunds, invoice.invoiceNumber));
  const onPayment = payment.cardCents - held(heldRefunds(payment.refunds));
  return Math.max(0, Math.min(onInvoice, onPayment));
}

/** A refund's receipt number: the day and the start of its id, like a payment's receipt (R-...). */
export const refundReceiptNumber = (refundId: string, at: Date) =>
  `RF-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${refundId.slice(0, 8).toUpperCase()}`;

/** A chargeback's status for people (here, not in the schemas every page loads with the route table). */
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Open',
  won: 'Won by the lab',
  lost: 'Lost: the money went back to the cardholder',
};
