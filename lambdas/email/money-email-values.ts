import { PAGE_PATHS, pagePaths } from '../../core/page-paths';
import { authenticationDeadline } from '../../core/rules/autopay';
import { dayForPeople } from '../../core/rules/calendar-days';
import { formatCents } from '../../core/rules/invoice-balance';
import {
  CLAIM_STATUS_LABELS,
  CREDIT_REASON_LABELS,
  type CreditEntry,
  type WarrantyClaim,
  type WarrantyLens,
} from '../../core/schemas/credit';
import { DISPUTE_STATUS_LABELS } from '../../core/rules/refunds';
import type { Invoice } from '../../core/schemas/invoices';
import { EYE_LABELS } from '../../core/schemas/order-keys';
import type { Payment, PaymentDispute, PaymentRefund } from '../../core/schemas/payments';
import { monthForPeople } from '../../core/rules/statements';
import { reminderWhen } from '../../core/rules/payment-reminders';
import type { Statement } from '../../core/schemas/statements';
import { NO_FIRST_NAME, NOT_GIVEN, portalLink as link } from './account-email-values';
import { NO_NOTE, NO_REASON } from './order-email-values';

/**
 * The placeholder values of the money emails (EMAIL_PLACEHOLDERS names them). Amounts are
 * formatted dollars from integer cents; nothing of a card is ever known here (the gateway keeps it), so no
 * email can carry it. Values are raw text: render-template.ts escapes them in the HTML part.
 */

export interface MoneyEmailContext {
  portalUrl: string | null;
  /** The practice's name; the account number stands in when it is unknown. */
  company?: string | undefined;
}

export const CLAIM_KIND_LABELS: Record<WarrantyClaim['kind'], string> = {
  cancellation: 'Cancellation for credit',
  defect: 'Defect',
};

const companyOr = (company: string | undefined, accountNumber: string) => company?.trim() || accountNumber;
const dayOf = (iso: string) => iso.slice(0, 10);

export const invoiceLink = (portalUrl: string | null, invoiceNumber: string, accountNumber: string) =>
  link(portalUrl, pagePaths.payment({ invoice: invoiceNumber, account: accountNumber }), 'Pay Online');
const payOnlineLink = (portalUrl: string | null, accountNumber: string) =>
  link(portalUrl, pagePaths.payment({ account: accountNumber }), 'Pay Online');
const creditLink = (portalUrl: string | null) => link(portalUrl, PAGE_PATHS.customerCredit, 'Lens Credit');

export function invoiceIssuedValues(invoice: Invoice, context: MoneyEmailContext): Record<string, string> {
  const orderNumbers = [
    ...new Set(invoice.lines.map((line) => line.orderNumber).filter((n): n is string => Boolean(n))),
  ];
  return {
    invoiceNumber: invoice.invoiceNumber,
    accountNumber: invoice.accountNumber,
    company: companyOr(context.company, invoice.accountNumber),
    orderNumbers: orderNumbers.join(', ') || NOT_GIVEN,
    totalAmount: formatCents(invoice.totalCents),
    balanceAmount: formatCents(invoice.balanceCents),
    dueDate: invoice.dueDate,
    invoiceLink: invoiceLink(context.portalUrl, invoice.invoiceNumber, invoice.accountNumber),
  };
}

/** A payment reminder: the invoice's balance as the job read it, and which reminder day it is. */
export function paymentReminderValues(
  invoice: Invoice,
  day: number,
  context: MoneyEmailContext,
): Record<string, string> {
  return {
    invoiceNumber: invoice.invoiceNumber,
    accountNumber: invoice.accountNumber,
    company: companyOr(context.company, invoice.accountNumber),
    balanceAmount: formatCents(invoice.balanceCents),
    dueDate: invoice.dueDate,
    when: reminderWhen(day),
    invoiceLink: invoiceLink(context.portalUrl, invoice.invoiceNumber, invoice.accountNumber),
  };
}

/** One line per invoice the payment reached: what it took and what is left. */
function invoiceList(payment: Payment, invoices: Invoice[]): string {
  const byNumber = new Map(invoices.map((invoice) => [invoice.invoiceNumber, invoice]));
  return payment.allocations
    .map(({ invoiceNumber, amountCents }) => {
      const invoice = byNumber.get(invoiceNumber);
      const paid = `${invoiceNumber}: ${formatCents(amountCents)} paid`;
      return invoice ? `${paid}, balance now ${formatCents(Math.max(0, invoice.balanceCents))}` : paid;
    })
    .join('\n');
}

/** The payer's receipt (`payment-receipt`) or the lab's copy (`payment-received`). */
export function paymentValues(
  payment: Payment,
  invoices: Invoice[],
  context: MoneyEmailContext & { audience: 'payer' | 'lab' },
): Record<string, string> {
  const values: Record<string, string> = {
    payerName: payment.payer.name.trim() || NO_FIRST_NAME,
    receiptNumber: payment.receiptNumber,
    accountNumber: payment.accountNumber,
    company: companyOr(context.company, payment.accountNumber),
    paidAmount: formatCents(payment.totalCents),
    cardAmount: formatCents(payment.cardCents),
    creditAmount: formatCents(payment.creditCents),
    // Templates say the amount was added to the credit; a held one is not yet (a second super admin decides).
    overpaidAmount: payment.overpaymentHeld
      ? `${formatCents(payment.overpaidCents)} (waiting for the lab's approval before it becomes credit)`
      : formatCents(payment.overpaidCents),
    paidOn: dayOf(payment.settledAt ?? payment.createdAt),
    invoiceList: invoiceList(payment, invoices),
  };
  if (context.audience === 'lab')
    values['invoicesLink'] = link(context.portalUrl, PAGE_PATHS.adminInvoices, 'Invoices');
  else values['paymentLink'] = payOnlineLink(context.portalUrl, payment.accountNumber);
  return values;
}

export function paymentFailedValues(payment: Payment, context: MoneyEmailContext): Record<string, string> {
  return {
    payerName: payment.payer.name.trim() || NO_FIRST_NAME,
    accountNumber: payment.accountNumber,
    cardAmount: formatCents(payment.cardCents),
    invoiceNumbers: payment.allocations.map((a) => a.invoiceNumber).join(', '),
    failureMessage: payment.failureMessage?.trim() || 'The card was declined.',
    paymentLink: payOnlineLink(context.portalUrl, payment.accountNumber),
  };
}

export function creditGrantedValues(entry: CreditEntry, context: MoneyEmailContext): Record<string, string> {
  return {
    accountNumber: entry.accountNumber,
    company: companyOr(context.company, entry.accountNumber),
    creditAmount: formatCents(entry.amountCents),
    reason: CREDIT_REASON_LABELS[entry.reason],
    orderNumber: entry.orderNumber ?? 'N/A',
    note: entry.note?.trim() || NO_NOTE,
    balanceAmount: formatCents(entry.balanceAfterCents),
    creditLink: creditLink(context.portalUrl),
  };
}

const claimFields = (claim: WarrantyClaim) => ({
  accountNumber: claim.accountNumber,
  claimKind: CLAIM_KIND_LABELS[claim.kind],
  orderNumber: claim.orderNumber,
  patientName: claim.patient,
  eye: EYE_LABELS[claim.eye],
  lensName: claim.lensName,
});

/** To the lab: a practice sent a claim. */
export function claimSubmittedValues(claim: WarrantyClaim, context: MoneyEmailContext): Record<string, string> {
  return {
    ...claimFields(claim),
    creditAmount: formatCents(claim.creditCents),
    note: claim.note.trim() || NO_NOTE,
    claimsLink: link(context.portalUrl, PAGE_PATHS.warrantyClaims, 'Warranty claims'),
  };
}

/** What the practice does next, by the claim's status after the lab's decision. */
function nextStep(claim: WarrantyClaim): string {
  const credit = formatCents(claim.creditCents);
  switch (claim.status) {
    case 'approved':
      return `${credit} was added to your lens credit.`;
    case 'awaiting-return':
      return `Please send the lens back to the lab: ${credit} becomes lens credit when it arrives.`;
    case 'denied':
      return `Reason: ${claim.decisionReason?.trim() || NO_REASON}`;
    default:
      return 'The lab has not decided yet.';
  }
}

export function claimDecidedValues(claim: WarrantyClaim, context: MoneyEmailContext): Record<string, string> {
  return {
    ...claimFields(claim),
    decision: CLAIM_STATUS_LABELS[claim.status],
    nextStep: nextStep(claim),
    creditLink: creditLink(context.portalUrl),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The daily reminder: every lens of the account entering the last days of its window, soonest first. */
export function warrantyEndingValues(
  accountNumber: string,
  lenses: WarrantyLens[],
  context: MoneyEmailContext,
): Record<string, string> {
  const lines = [...lenses]
    .sort((a, b) => a.windowEndsAt.localeCompare(b.windowEndsAt) || a.orderNumber.localeCompare(b.orderNumber))
    .map(
      (lens) =>
        `Order ${lens.orderNumber} ${lens.eye}, ${lens.lensName} (patient ${lens.patient}): ` +
        `warranty ends ${dayOf(lens.windowEndsAt)}, ${plural(lens.daysLeft, 'day', 'days')} left`,
    );
  return {
    accountNumber,
    company: companyOr(context.company, accountNumber),
    lensCount: plural(lenses.length, 'lens', 'lenses'),
    lensList: lines.join('\n'),
    creditLink: creditLink(context.portalUrl),
  };
}

/** The monthly statement's email: its totals and a link to the Statements tab (the PDF is there, not attached). */
export function statementIssuedValues(
  statement: Omit<Statement, 'lines'>,
  context: MoneyEmailContext,
): Record<string, string> {
  const { aging } = statement;
  const pastDue = aging.days1To30 + aging.days31To60 + aging.days61To90 + aging.over90;
  return {
    accountNumber: statement.accountNumber,
    company: companyOr(context.company ?? statement.practiceName, statement.accountNumber),
    month: monthForPeople(statement.month),
    openingAmount: formatCents(statement.openingCents),
    chargesAmount: formatCents(statement.chargesCents),
    paymentsAmount: formatCents(statement.paymentsCents),
    creditsAmount: formatCents(statement.creditsCents),
    closingAmount: formatCents(statement.closingCents),
    pastDueAmount: formatCents(pastDue),
    correctionNote:
      statement.version > 1 ? ` It corrects the statement sent before (version ${statement.version}).` : '',
    statementLink: link(
      context.portalUrl,
      pagePaths.payment({ account: statement.accountNumber, tab: 'statements' }),
      'Statements',
    ),
  };
}

/** The payer's refund receipt: what came back, on which invoice, and what that invoice owes again. */
export function paymentRefundedValues(
  payment: Payment,
  refund: PaymentRefund,
  invoice: Invoice,
  context: MoneyEmailContext,
): Record<string, string> {
  return {
    payerName: payment.payer.name || NO_FIRST_NAME,
    accountNumber: payment.accountNumber,
    company: companyOr(context.company, payment.accountNumber),
    refundAmount: formatCents(refund.amountCents),
    refundNumber: refund.receiptNumber,
    receiptNumber: payment.receiptNumber,
    invoiceNumber: invoice.invoiceNumber,
    balanceAmount: formatCents(Math.max(0, invoice.balanceCents)),
    refundedOn: dayOf(refund.settledAt ?? refund.requestedAt),
    reason: refund.reason.trim() || NO_REASON,
    paymentLink: payOnlineLink(context.portalUrl, payment.accountNumber),
  };
}

/** The lab's alert on a chargeback, opened or decided. */
export function paymentDisputedValues(
  payment: Payment,
  dispute: PaymentDispute,
  context: MoneyEmailContext,
): Record<string, string> {
  return {
    accountNumber: payment.accountNumber,
    company: companyOr(context.company, payment.accountNumber),
    disputeAmount: formatCents(dispute.amountCents),
    disputeStatus: DISPUTE_STATUS_LABELS[dispute.status],
    disputeReason: dispute.reason,
    receiptNumber: payment.receiptNumber,
    invoiceNumbers: payment.allocations.map((a) => a.invoiceNumber).join(', '),
    invoicesLink: link(context.portalUrl, PAGE_PATHS.adminInvoices, 'Invoices'),
  };
}

/** What the two autopay emails share: the payer, the month and the charge. */
function autopayValues(payment: Payment): Record<string, string> {
  return {
    payerName: payment.payer.name.trim() || NO_FIRST_NAME,
    accountNumber: payment.accountNumber,
    month: monthForPeople(payment.autopay?.month ?? dayOf(payment.createdAt).slice(0, 7)),
    cardAmount: formatCents(payment.cardCents),
    invoiceNumbers: payment.allocations.map((a) => a.invoiceNumber).join(', '),
  };
}

/** The bank asks the payer to confirm autopay's charge: the link opens it on the Cards & autopay tab. */
export function autopayAuthenticationValues(payment: Payment, context: MoneyEmailContext): Record<string, string> {
  const firstAttemptOn = payment.autopay?.firstAttemptOn ?? dayOf(payment.createdAt);
  return {
    ...autopayValues(payment),
    authenticateLink: link(
      context.portalUrl,
      pagePaths.payment({ account: payment.accountNumber, tab: 'autopay', authenticate: payment.paymentId }),
      'Cards & autopay',
    ),
    deadline: dayForPeople(authenticationDeadline(firstAttemptOn)),
  };
}

/** Autopay's charge failed for good: the reason, and Pay Online to pay by hand. */
export function autopayFailedValues(payment: Payment, context: MoneyEmailContext): Record<string, string> {
  return {
    ...autopayValues(payment),
    failureMessage: payment.failureMessage?.trim() || 'The card was declined.',
    paymentLink: payOnlineLink(context.portalUrl, payment.accountNumber),
  };
}
