import { CHANGED_MESSAGES } from '../../../core/messages';
import { describeError } from '../../../core/describe-error';
import { aborted, invalidArgument, notFound, type FieldErrors } from '../../../core/errors';
import { balanceOf, formatCents, isPayable, splitCredit } from '../../../core/rules/invoice-balance';
import { MIN_CARD_CENTS, type Payment, type PaymentView, type StartPaymentInput } from '../../../core/schemas/payments';
import type { startPaymentInputSchema } from '../../../core/schemas/payments';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import { moneyRetry, moneyRefusals } from '../../ports/money-store';
import { displayName } from '../../kernel/caller';
import { assertAccountVisible } from '../../kernel/caller';
import { INVOICE_NOT_FOUND } from '../invoices';
import { loadVisiblePayment, PAYMENT_NOT_FOUND } from './payment-access';
import type { PaymentDeps } from './payment-deps';
import { retryOnRefusal } from '../../kernel/retry';
import { applyIntent, settlePayment } from './settle-payment';

export type { StartPaymentInput };

/** A payment id sent again with different content: a bug or a forged call, never a retry. */
export const PAYMENT_ID_REUSED =
  'This payment was already started with other invoices or amounts. Start a new payment.';

/** The card part is under the gateway's minimum charge (MIN_CARD_CENTS): refused before any intent. */
export function cardPartTooSmall(cardCents: number): string {
  return `The card part of this payment is ${formatCents(cardCents)}; a card payment must be at least ${formatCents(MIN_CARD_CENTS)}. Pay more, or apply credit to cover all of it.`;
}

/** What the payer's browser gets: the payment, and while a card is still needed, how to take it. */
export function paymentView(payment: Payment, deps: Pick<PaymentDeps, 'gateway'>): PaymentView {
  const { payer: _payer, clientSecret, ...rest } = payment;
  return {
    ...rest,
    checkout:
      payment.status === 'awaiting-card' && clientSecret && payment.gateway
        ? {
            gateway: payment.gateway,
            clientSecret,
            ...(deps.gateway.publishableKey ? { publishableKey: deps.gateway.publishableKey } : {}),
          }
        : null,
  };
}

export const receiptNumberOf = (paymentId: string, at: Date) =>
  `R-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${paymentId.slice(0, 8).toUpperCase()}`;

function sameRequest(payment: Payment, input: z.output<typeof startPaymentInputSchema>): boolean {
  const key = (as: { invoiceNumber: string; amountCents: number }[]) =>
    as.map((a) => `${a.invoiceNumber}=${a.amountCents}`).join(',');
  return payment.accountNumber === input.accountNumber && key(payment.allocations) === key(input.allocations);
}

/** Checks every allocation against the invoices as stored now; field errors are keyed like the form's. */
async function checkedAllocations(input: z.output<typeof startPaymentInputSchema>, deps: Pick<PaymentDeps, 'money'>) {
  const accountNumber = input.accountNumber;
  const invoices = new Map(
    (await deps.money.getInvoices(input.allocations.map((a) => a.invoiceNumber))).map((i) => [i.invoiceNumber, i]),
  );
  const errors: FieldErrors = {};
  input.allocations.forEach((allocation, i) => {
    const invoice = invoices.get(allocation.invoiceNumber);
    const field = `allocations.${i}.amountCents`;
    if (!invoice || invoice.accountNumber !== accountNumber) throw notFound(INVOICE_NOT_FOUND);
    if (!isPayable(invoice.status)) {
      errors[field] = [`Invoice ${invoice.invoiceNumber} is ${invoice.status === 'void' ? 'void' : 'already paid'}.`];
      return;
    }
    const balance = balanceOf(invoice);
    if (allocation.amountCents > balance)
      errors[field] = [`More than the balance of invoice ${invoice.invoiceNumber} (${formatCents(balance)}).`];
  });
  if (Object.keys(errors).length > 0) {
    const messages = Object.values(errors).flat();
    // The balance moved since the page showed it (someone else paid): 409 tells the page to reload.
    throw aborted(messages.length === 1 ? `${messages[0]} Reload to see the latest.` : CHANGED_MESSAGES.invoices);
  }
  return invoices;
}

/**
 * Pay Online, step 1. Idempotent by the client-made payment id: the first call stores the
 * payment (conditional put), every later or concurrent call with the same id answers that same payment,
 * and the gateway intent is created with the payment id as its idempotency key, so 20 identical calls make
 * one payment, one intent, one charge. Credit is planned here and applied only when the payment settles, so
 * a declined card changes nothing. When credit covers everything, the payment settles at once.
 */
export async function startPayment(
  caller: Identity,
  input: z.output<typeof startPaymentInputSchema>,
  deps: PaymentDeps,
): Promise<PaymentView> {
  const accountNumber = input.accountNumber;
  await assertAccountVisible(caller, accountNumber, deps);

  const stored = await retryOnRefusal(deps, moneyRetry(), async () => {
    const existing = await deps.money.getPayment(input.paymentId);
    if (existing) {
      if (existing.accountNumber !== accountNumber) throw notFound(PAYMENT_NOT_FOUND);
      if (!sameRequest(existing, input)) throw aborted(PAYMENT_ID_REUSED);
      return existing;
    }
    await checkedAllocations(input, deps);
    const totalCents = input.allocations.reduce((sum, a) => sum + a.amountCents, 0);
    const available = input.applyCredit ? (await deps.money.getCreditBalance(accountNumber)).availableCents : 0;
    const creditCents = splitCredit(
      input.allocations.map((a) => a.amountCents),
      available,
    ).reduce((sum, c) => sum + c, 0);
    const cardCents = totalCents - creditCents;
    if (cardCents > 0 && cardCents < MIN_CARD_CENTS) {
      const message = cardPartTooSmall(cardCents);
      throw invalidArgument(message, { allocations: [message] });
    }
    const user = await deps.users.get(caller.userId);
    const now = deps.now();
    const payment: Payment = {
      paymentId: input.paymentId,
      accountNumber,
      payer: { userId: caller.userId, name: displayName(user, caller.email), email: user?.email ?? caller.email },
      allocations: input.allocations.map((a) => ({ invoiceNumber: a.invoiceNumber, amountCents: a.amountCents })),
      totalCents,
      creditCents,
      cardCents,
      status: 'awaiting-card',
      ...(cardCents > 0 ? { gateway: deps.gateway.kind } : {}),
      overpaidCents: 0,
      receiptNumber: receiptNumberOf(input.paymentId, now),
      createdAt: now.toISOString(),
      version: 0,
    };
    await deps.money.commit({ payment: { payment, expectedVersion: null } });
    return payment;
  });

  if (stored.status !== 'awaiting-card') return paymentView(stored, deps);
  if (stored.cardCents === 0) return paymentView(await settlePayment(stored.paymentId, deps), deps);
  return paymentView(await withIntent(stored, deps), deps);
}

/** The payment with its gateway intent (created once: the payment id is the gateway's idempotency key). */
async function withIntent(payment: Payment, deps: PaymentDeps): Promise<Payment> {
  if (payment.intentId && payment.clientSecret) return payment;
  const intent = await deps.gateway.createIntent({
    paymentId: payment.paymentId,
    amountCents: payment.cardCents,
    currency: 'usd',
    accountNumber: payment.accountNumber,
    description: `Lenslab invoices ${payment.allocations.map((a) => a.invoiceNumber).join(', ')}`.slice(0, 500),
    receiptEmail: payment.payer.email,
  });
  const withIt: Payment = {
    ...payment,
    intentId: intent.intentId,
    clientSecret: intent.clientSecret,
    version: payment.version + 1,
  };
  try {
    await deps.money.commit({ payment: { payment: withIt, expectedVersion: payment.version } });
    return withIt;
  } catch (error) {
    if (!moneyRefusals.is(error)) throw error;
    // A concurrent call stored the same intent first (same idempotency key): answer what is stored.
    const stored = await deps.money.getPayment(payment.paymentId);
    if (!stored) throw error;
    return stored;
  }
}

/**
 * Pay Online, step 2: after the browser gave the card to the gateway. The browser's word is never taken:
 * the server asks the gateway for the intent and settles or fails the payment from its answer. Safe to call
 * any number of times (a refresh, a retry, a double click).
 */
export async function confirmPayment(
  caller: Identity,
  input: { paymentId: string },
  deps: PaymentDeps,
): Promise<PaymentView> {
  const payment = await loadVisiblePayment(caller, input.paymentId, deps);
  if (payment.status === 'succeeded' || !payment.intentId) return paymentView(payment, deps);
  const intent = await deps.gateway.retrieveIntent(payment.intentId);
  const after = await applyIntent(payment, intent, deps);
  if (after.status === 'failed' && payment.status === 'awaiting-card') {
    // The payer's checkout ended on a decline: no later try can charge this intent.
    try {
      await deps.gateway.cancelIntent(payment.intentId);
    } catch (error) {
      deps.log.warn('could not cancel a declined intent', {
        paymentId: payment.paymentId,
        error: describeError(error),
      });
    }
  }
  return paymentView(after, deps);
}
