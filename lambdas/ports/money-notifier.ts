import type { CreditEntry, WarrantyClaim } from '../../core/schemas/credit';
import type { Invoice } from '../../core/schemas/invoices';
import type { Payment, PaymentDispute, PaymentRefund } from '../../core/schemas/payments';
import type { Statement } from '../../core/schemas/statements';
import type { WarrantyLens } from '../../core/schemas/credit';
import type { Clock } from '../kernel/clock';
import { outboxMessage, type OutboxMessage } from '../kernel/outbox';
import { webhookEvent } from '../kernel/webhook-event';

// Named money, not invoices or payments: one port sends the invoice, payment, credit and claim emails.
/**
 * The money emails, built from Email Management templates like the order emails. A use case stores one as an
 * outbox message with the change it reports (`moneyNotice`, in the same commit); the outbox consumer hands it
 * to this notifier, which looks up addresses, renders and sends. Each email names its recipients' source:
 * where it has `to`, an EMPTY list means "every user linked to the account" (the adapter resolves them from
 * the practice's linked users when it sends).
 */
export type MoneyEmail =
  /** To the practice: the orderer(s) of the invoiced orders, else the account's users. */
  | { kind: 'invoice-issued'; invoice: Invoice; to: string[] }
  /** To the payer, with the receipt; the lab's recipients get a copy ("payment received"). */
  | { kind: 'payment-receipt'; payment: Payment; invoices: Invoice[] }
  /** To the payer: the card was declined, nothing changed. */
  | { kind: 'payment-failed'; payment: Payment }
  /** To the payer: the refund's receipt (the billing desk refunded part or all of a card payment). */
  | { kind: 'payment-refunded'; payment: Payment; refund: PaymentRefund; invoice: Invoice }
  /** To the lab's notification recipients: the card's bank opened or decided a chargeback. */
  | { kind: 'payment-disputed'; payment: Payment; dispute: PaymentDispute }
  /** To the account's users. */
  | { kind: 'credit-granted'; entry: CreditEntry; to: string[] }
  /** To whoever submitted the claim; a new claim also tells the lab ('claim-submitted'). */
  | { kind: 'claim-decided'; claim: WarrantyClaim; to: string[] }
  | { kind: 'claim-submitted'; claim: WarrantyClaim }
  /** Daily job: a lens enters the last 14 days of its warranty window. */
  | { kind: 'warranty-ending'; accountNumber: string; lenses: WarrantyLens[]; to: string[] }
  /** Monthly job or a correction: a statement was issued (its numbers, not its lines). To the account's users. */
  | { kind: 'statement-issued'; statement: Omit<Statement, 'lines'>; to: string[] }
  /** Autopay: the payer's bank asks them to confirm this month's charge; the link finishes it in the portal. */
  | { kind: 'autopay-authentication'; payment: Payment }
  /** Autopay: this month's charge failed for good (retries spent, a hard decline, or no authentication). */
  | { kind: 'autopay-failed'; payment: Payment }
  /** Daily job: an unpaid invoice reached reminder day `day` (days from its due date). To the account's users. */
  | { kind: 'payment-reminder'; invoice: Invoice; day: number; to: string[] };

export interface MoneyNotifier {
  notify(email: MoneyEmail): Promise<void>;
}

/** A money email as the outbox message (topic 'money') that the commit of the change it reports stores. */
export function moneyNotice(deps: Pick<Clock, 'now'>, email: MoneyEmail): OutboxMessage {
  return outboxMessage(deps, 'money', email);
}

/**
 * A money email and, for an issued invoice or a received payment, its webhook event for the lab's systems
 * (docs/decisions/0105-outgoing-webhooks.md): both for the commit of the change they report. Amounts, numbers
 * and ids only: no payer, no lines.
 */
export function moneyNotices(deps: Pick<Clock, 'now'>, email: MoneyEmail): OutboxMessage[] {
  const messages = [moneyNotice(deps, email)];
  if (email.kind === 'invoice-issued') {
    const { invoice } = email;
    messages.push(
      webhookEvent(deps, 'invoice.issued', {
        invoiceNumber: invoice.invoiceNumber,
        accountNumber: invoice.accountNumber,
        orderIds: invoice.orderIds,
        totalCents: invoice.totalCents,
        balanceCents: invoice.balanceCents,
        status: invoice.status,
        issuedAt: invoice.issuedAt,
        dueDate: invoice.dueDate,
      }),
    );
  }
  if (email.kind === 'payment-receipt') {
    const { payment } = email;
    messages.push(
      webhookEvent(deps, 'payment.received', {
        paymentId: payment.paymentId,
        receiptNumber: payment.receiptNumber,
        accountNumber: payment.accountNumber,
        totalCents: payment.totalCents,
        cardCents: payment.cardCents,
        creditCents: payment.creditCents,
        allocations: payment.allocations.map((a) => ({ invoiceNumber: a.invoiceNumber, amountCents: a.amountCents })),
        ...(payment.settledAt ? { settledAt: payment.settledAt } : {}),
      }),
    );
  }
  return messages;
}
