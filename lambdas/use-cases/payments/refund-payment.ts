import { aborted, AppError, invalidArgument, notFound } from '../../../core/errors';
import { formatCents } from '../../../core/rules/invoice-balance';
import { refundLimit, refundReceiptNumber } from '../../../core/rules/refunds';
import type { Invoice } from '../../../core/schemas/invoices';
import type {
  Payment,
  PaymentRefund,
  RefundPaymentOutput,
  refundPaymentInputSchema,
} from '../../../core/schemas/payments';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import { actorOf } from '../../kernel/caller';
import { retryOnRefusal } from '../../kernel/retry';
import type { AuditTrail } from '../../ports/audit-log';
import { moneyNotice } from '../../ports/money-notifier';
import { moneyRetry } from '../../ports/money-store';
import type { GatewayRefund } from '../../ports/payment-gateway';
import { INVOICE_NOT_FOUND, withTotals } from '../invoices';
import { PAYMENT_NOT_FOUND } from './payment-access';
import type { PaymentDeps } from './payment-deps';

/** A refund id sent again with another payment, invoice or amount: a bug or a forged call, never a retry. */
export const REFUND_ID_REUSED = 'This refund was already asked for with another amount or invoice. Start a new refund.';
export const DISPUTED_NOT_REFUNDABLE =
  'This payment is disputed by the card’s bank. Wait for the dispute to be decided before refunding it.';

export type RefundDeps = Pick<PaymentDeps, 'money' | 'users' | 'gateway' | 'now' | 'sleep' | 'log'> & {
  audit?: AuditTrail | undefined;
};

const find = (payment: Payment, refundId: string) => (payment.refunds ?? []).find((r) => r.refundId === refundId);
const withRefund = (payment: Payment, refund: PaymentRefund): Payment => ({
  ...payment,
  refunds: [...(payment.refunds ?? []).filter((r) => r.refundId !== refund.refundId), refund],
  version: payment.version + 1,
});

/**
 * `refundPayment` (billing permission): pays back part or all of what a card payment put on one invoice, once
 * whatever the clicks and retries (docs/decisions/0108-refunds-disputes-and-applied-credit.md):
 *
 * 1. Reserve: the refund is written `pending` into the payment under its version, checked against what is left
 *    (`refundLimit`): two refunds asked at once are decided one after the other, so they never add up to more
 *    than the card paid there.
 * 2. Refund at the gateway, with our refund id as its idempotency key: asked again (a retry after a timeout, a
 *    second click), the gateway answers the refund it made.
 * 3. Record: in one transaction the payment's refund becomes `succeeded`, the invoice takes it (its balance rises
 *    by the amount: it is owed again) and the payer's refund receipt goes to the outbox.
 *
 * A gateway refusal releases the reservation (`failed`, a 400 with the gateway's reason); an outage leaves it
 * `pending`, and the same refund asked again finishes it.
 */
export async function refundPayment(
  caller: Identity,
  input: z.output<typeof refundPaymentInputSchema>,
  deps: RefundDeps,
): Promise<RefundPaymentOutput> {
  const actor = await actorOf(caller, deps);
  const reserved = await retryOnRefusal(deps, moneyRetry(), async () => {
    const payment = await deps.money.getPayment(input.paymentId);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    const earlier = find(payment, input.refundId);
    if (earlier) {
      if (earlier.invoiceNumber !== input.invoiceNumber || earlier.amountCents !== input.amountCents)
        throw aborted(REFUND_ID_REUSED);
      if (earlier.status === 'failed')
        throw invalidArgument(earlier.failureMessage ?? 'The card gateway refused this refund.');
      return { payment, refund: earlier };
    }
    const invoice = await deps.money.getInvoice(input.invoiceNumber);
    if (!invoice || invoice.accountNumber !== payment.accountNumber) throw notFound(INVOICE_NOT_FOUND);
    if (payment.status !== 'succeeded' || !payment.intentId || payment.cardCents === 0)
      throw invalidArgument('Only a card payment that went through can be refunded.');
    if (payment.dispute?.status === 'open') throw aborted(DISPUTED_NOT_REFUNDABLE);
    const limit = refundLimit(payment, invoice);
    if (input.amountCents > limit) {
      const message =
        limit === 0
          ? `Nothing of this card payment is left to refund on invoice ${invoice.invoiceNumber}.`
          : `At most ${formatCents(limit)} of this card payment can be refunded on invoice ${invoice.invoiceNumber}.`;
      throw invalidArgument(message, { amountCents: [message] });
    }
    const now = deps.now();
    const refund: PaymentRefund = {
      refundId: input.refundId,
      invoiceNumber: invoice.invoiceNumber,
      amountCents: input.amountCents,
      reason: input.reason,
      status: 'pending',
      requestedAt: now.toISOString(),
      requestedBy: actor,
      receiptNumber: refundReceiptNumber(input.refundId, now),
    };
    const next = withRefund(payment, refund);
    await deps.money.commit({ payment: { payment: next, expectedVersion: payment.version } });
    return { payment: next, refund };
  });

  if (reserved.refund.status === 'succeeded') {
    const invoice = await deps.money.getInvoice(reserved.refund.invoiceNumber);
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    return { refund: reserved.refund, invoice };
  }

  let answer: GatewayRefund;
  try {
    answer = await deps.gateway.refund({
      refundId: input.refundId,
      intentId: reserved.payment.intentId!,
      amountCents: input.amountCents,
      paymentId: input.paymentId,
    });
  } catch (error) {
    // The gateway said no (a 400 with its reason): nothing moved, so the amount is free again. Anything else
    // (an outage) may have refunded: the reservation stays, and asking again finishes it.
    if (error instanceof AppError && error.status === 'invalid-argument')
      await settleRefund(input.paymentId, input.refundId, { failureMessage: error.message }, deps);
    throw error;
  }
  if (answer.status === 'failed') {
    const message = answer.failureMessage ?? 'The card gateway refused this refund.';
    await settleRefund(input.paymentId, input.refundId, { failureMessage: message }, deps);
    throw invalidArgument(message);
  }
  const done = await settleRefund(input.paymentId, input.refundId, { gatewayRefundId: answer.gatewayRefundId }, deps);
  await deps.audit?.recordChange({
    action: 'invoice.refund',
    target: { type: 'invoice', id: done.invoice.invoiceNumber },
    accountNumber: done.invoice.accountNumber,
    after: {
      invoiceNumber: done.invoice.invoiceNumber,
      paymentId: input.paymentId,
      refundId: input.refundId,
      amountCents: input.amountCents,
      balanceCents: done.invoice.balanceCents,
      status: done.invoice.status,
    },
    keep: ['invoiceNumber'],
  });
  return done;
}

/**
 * Records the gateway's answer to a reserved refund: `failed` releases it; issued, the payment, the invoice
 * (reopened by the amount) and the receipt move in one transaction. Whoever records it first wins; a later call
 * reads it recorded and changes nothing.
 */
async function settleRefund(
  paymentId: string,
  refundId: string,
  outcome: { gatewayRefundId: string } | { failureMessage: string },
  deps: RefundDeps,
): Promise<{ refund: PaymentRefund; invoice: Invoice }> {
  return retryOnRefusal(deps, moneyRetry(), async () => {
    const payment = await deps.money.getPayment(paymentId);
    const refund = payment && find(payment, refundId);
    if (!payment || !refund) throw new Error(`refund ${refundId} of payment ${paymentId} not found`);
    const invoice = await deps.money.getInvoice(refund.invoiceNumber);
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    if (refund.status !== 'pending') return { refund, invoice };
    const at = deps.now().toISOString();
    if ('failureMessage' in outcome) {
      const failed: PaymentRefund = {
        ...refund,
        status: 'failed',
        failureMessage: outcome.failureMessage,
        settledAt: at,
      };
      await deps.money.commit({ payment: { payment: withRefund(payment, failed), expectedVersion: payment.version } });
      return { refund: failed, invoice };
    }
    const issued: PaymentRefund = {
      ...refund,
      status: 'succeeded',
      gatewayRefundId: outcome.gatewayRefundId,
      settledAt: at,
    };
    const after = withRefund(payment, issued);
    const reopened = withTotals({
      ...invoice,
      refunds: [
        ...(invoice.refunds ?? []),
        {
          refundId,
          at,
          amountCents: refund.amountCents,
          paymentId,
          reference: refund.receiptNumber,
          recordedBy: refund.requestedBy,
        },
      ],
      updatedAt: at,
      version: invoice.version + 1,
    });
    await deps.money.commit({
      payment: { payment: after, expectedVersion: payment.version },
      invoices: [{ invoice: reopened, expectedVersion: invoice.version }],
      notices: [moneyNotice(deps, { kind: 'payment-refunded', payment: after, refund: issued, invoice: reopened })],
    });
    deps.log.info('payment refunded', { paymentId, refundId, invoiceNumber: reopened.invoiceNumber });
    return { refund: issued, invoice: reopened };
  });
}
