import { describeError } from '../../../../core/describe-error';
import {
  authenticationDeadline,
  autopayDayIn,
  autopayDue,
  invoicesDueBy,
  isSoftDecline,
  monthOf,
  nextAttemptOn,
} from '../../../../core/rules/autopay';
import { balanceOf, splitCredit } from '../../../../core/rules/invoice-balance';
import type { BillingProfile } from '../../../../core/schemas/cards';
import type { Invoice } from '../../../../core/schemas/invoices';
import { MAX_INVOICES_PER_PAYMENT, MIN_CARD_CENTS, type Payment } from '../../../../core/schemas/payments';
import { moneyNotice } from '../../../ports/money-notifier';
import { moneyRefusals } from '../../../ports/money-store';
import type { GatewayIntent, OffSessionCharge } from '../../../ports/payment-gateway';
import { receiptNumberOf } from '../payments';
import { applyIntent, settlePayment } from '../settle-payment';
import type { AutopayDeps } from './autopay-deps';
import { autopayPaymentId } from './autopay-payment-id';

/**
 * The autopay job (docs/decisions/0107-autopay.md). Every morning, for each account with autopay on whose day has
 * come this month: the month's payment (its id made from the account and the month) pays the open invoices due by
 * that day with the default card, off-session, credit first when the practice chose so. Every step is a conditional
 * write on that one payment and every gateway call carries an idempotency key (the payment id for the intent, the
 * payment id and try number for each confirm), so however often and however concurrently the job runs, the card is
 * charged once.
 */

export type AutopayOutcome =
  | 'not-due'
  | 'nothing-due'
  | 'no-card'
  | 'below-minimum'
  | 'paid'
  | 'processing'
  | 'retrying'
  | 'needs-authentication'
  | 'failed';

export interface AutopayRunReport {
  day: string;
  outcomes: Record<AutopayOutcome, number>;
  /** Accounts whose run threw (logged); the next run picks them up again. */
  errors: number;
}

const PAGE = 100;
const OPEN_PAGE = 100;

const emptyOutcomes = (): Record<AutopayOutcome, number> => ({
  'not-due': 0,
  'nothing-due': 0,
  'no-card': 0,
  'below-minimum': 0,
  paid: 0,
  processing: 0,
  retrying: 0,
  'needs-authentication': 0,
  failed: 0,
});

/** One run: every account with autopay on, one at a time (each is a few calls; a month's accounts fit a Lambda). */
export async function runAutopay(input: { day?: string }, deps: AutopayDeps): Promise<AutopayRunReport> {
  const day = input.day ?? deps.now().toISOString().slice(0, 10);
  const report: AutopayRunReport = { day, outcomes: emptyOutcomes(), errors: 0 };
  let cursor: string | undefined;
  do {
    const page = await deps.profiles.listAutopay(PAGE, cursor);
    for (const profile of page.items) {
      try {
        report.outcomes[await autopayAccount(profile, day, deps)]++;
      } catch (error) {
        report.errors++;
        deps.log.error('autopay failed for an account', {
          accountNumber: profile.accountNumber,
          error: describeError(error),
        });
      }
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  deps.log.info('autopay run', { day, ...report.outcomes, errors: report.errors });
  return report;
}

/** One account on `day`: makes the month's charge once, then moves it on (a try, a retry, a final answer). */
export async function autopayAccount(profile: BillingProfile, day: string, deps: AutopayDeps): Promise<AutopayOutcome> {
  const settings = profile.autopay;
  if (!settings?.enabled || !autopayDue(day, settings.dayOfMonth)) return 'not-due';
  const month = monthOf(day);
  const paymentId = autopayPaymentId(profile.accountNumber, month);
  let payment = await deps.money.getPayment(paymentId);
  if (!payment) {
    const made = await newCharge(profile, paymentId, day, deps);
    if (typeof made === 'string') return made;
    payment = made;
  }
  return advance(payment, profile, day, deps);
}

async function openInvoices(accountNumber: string, deps: AutopayDeps): Promise<Invoice[]> {
  const invoices: Invoice[] = [];
  let cursor: string | undefined;
  do {
    const page = await deps.money.listAccountInvoices({ accountNumber, tab: 'open', limit: OPEN_PAGE, cursor });
    invoices.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return invoices;
}

/**
 * The month's payment, stored once (a conditional put; a concurrent run that loses reads the winner's). It pays
 * every invoice due by the autopay day in full; the card part is what credit (when chosen) leaves.
 */
async function newCharge(
  profile: BillingProfile,
  paymentId: string,
  day: string,
  deps: AutopayDeps,
): Promise<Payment | AutopayOutcome> {
  const settings = profile.autopay!;
  const month = monthOf(day);
  const paymentMethodId = profile.defaultPaymentMethodId;
  if (!paymentMethodId) return 'no-card';
  // A run that catches up a missed day pays what was due on the day, not what fell due since.
  const due = invoicesDueBy(
    await openInvoices(profile.accountNumber, deps),
    autopayDayIn(month, settings.dayOfMonth),
    MAX_INVOICES_PER_PAYMENT,
  );
  if (due.length === 0) return 'nothing-due';
  const allocations = due.map((invoice) => ({ invoiceNumber: invoice.invoiceNumber, amountCents: balanceOf(invoice) }));
  const totalCents = allocations.reduce((sum, a) => sum + a.amountCents, 0);
  const available = settings.applyCredit
    ? (await deps.money.getCreditBalance(profile.accountNumber)).availableCents
    : 0;
  const creditCents = splitCredit(
    allocations.map((a) => a.amountCents),
    available,
  ).reduce((sum, c) => sum + c, 0);
  const cardCents = totalCents - creditCents;
  if (cardCents > 0 && cardCents < MIN_CARD_CENTS) {
    deps.log.warn('autopay card part under the minimum charge', { accountNumber: profile.accountNumber, cardCents });
    return 'below-minimum';
  }
  const now = deps.now();
  const payment: Payment = {
    paymentId,
    accountNumber: profile.accountNumber,
    payer: settings.payer,
    allocations,
    totalCents,
    creditCents,
    cardCents,
    status: 'awaiting-card',
    ...(cardCents > 0 ? { gateway: deps.vault.kind } : {}),
    overpaidCents: 0,
    receiptNumber: receiptNumberOf(paymentId, now),
    createdAt: now.toISOString(),
    autopay: {
      month,
      firstAttemptOn: day,
      customerId: profile.customerId,
      paymentMethodId,
      attempts: 0,
      needsAuthentication: false,
    },
    version: 0,
  };
  try {
    await deps.money.commit({ payment: { payment, expectedVersion: null } });
    return payment;
  } catch (error) {
    if (!moneyRefusals.is(error)) throw error;
    const stored = await deps.money.getPayment(paymentId);
    if (!stored) throw error;
    return stored;
  }
}

/** Writes the next state of the payment over the version read; false when another run wrote first. */
async function saved(payment: Payment, next: Payment, deps: AutopayDeps, notice?: Parameters<typeof moneyNotice>[1]) {
  try {
    await deps.money.commit({
      payment: { payment: next, expectedVersion: payment.version },
      ...(notice ? { notices: [moneyNotice(deps, notice)] } : {}),
    });
    return true;
  } catch (error) {
    if (moneyRefusals.is(error)) return false;
    throw error;
  }
}

async function reread(paymentId: string, deps: AutopayDeps): Promise<Payment> {
  const payment = await deps.money.getPayment(paymentId);
  if (!payment) throw new Error(`payment ${paymentId} not found`);
  return payment;
}

async function advance(
  start: Payment,
  profile: BillingProfile,
  day: string,
  deps: AutopayDeps,
): Promise<AutopayOutcome> {
  let payment = start;
  if (payment.status === 'succeeded') return 'paid';
  if (payment.status === 'failed') return 'failed';
  if (payment.cardCents === 0) {
    await settlePayment(payment.paymentId, deps);
    return 'paid';
  }
  const charge = payment.autopay!;
  if (!payment.intentId) payment = await withIntent(payment, deps);
  const intentId = payment.intentId!;

  const current = await deps.gateway.retrieveIntent(intentId);
  if (current.status === 'succeeded') return settled(payment, current, deps);
  if (current.status === 'processing') return 'processing';
  if (current.status === 'canceled')
    return finalFailure(payment, 'The payment was canceled at the card gateway.', deps);

  if (charge.needsAuthentication) {
    // Until the deadline the payer may try again from the emailed link (a failed authentication can be retried), so
    // only the deadline ends the wait.
    if (day > authenticationDeadline(charge.firstAttemptOn)) {
      return finalFailure(
        payment,
        'Your bank asked you to confirm the payment, and it was not confirmed in time.',
        deps,
      );
    }
    return 'needs-authentication';
  }

  // A try is due on the first day and on each retry day; a try already counted but not answered (a run that
  // stopped, or one running now) is sent again under its own key, which the gateway answers once.
  let attempt = charge.attempts;
  if (attempt === 0 || (charge.nextAttemptOn !== undefined && day >= charge.nextAttemptOn)) {
    const paymentMethodId = profile.defaultPaymentMethodId;
    if (!paymentMethodId) return finalFailure(payment, 'There is no card on file to charge.', deps);
    attempt += 1;
    const next: Payment = {
      ...payment,
      autopay: { ...charge, attempts: attempt, paymentMethodId },
      version: payment.version + 1,
    };
    delete next.autopay!.nextAttemptOn;
    if (!(await saved(payment, next, deps))) return advance(await reread(payment.paymentId, deps), profile, day, deps);
    payment = next;
  } else if (charge.nextAttemptOn !== undefined) {
    return 'retrying';
  }
  const paymentMethodId = payment.autopay!.paymentMethodId;
  const result = await deps.vault.confirmOffSession(intentId, paymentMethodId, `${payment.paymentId}-try-${attempt}`);
  return answered(payment, result, deps);
}

/** The payment with its off-session intent, created once (the payment id is the gateway's idempotency key). */
async function withIntent(payment: Payment, deps: AutopayDeps): Promise<Payment> {
  const charge = payment.autopay!;
  const intent = await deps.vault.createOffSessionIntent({
    paymentId: payment.paymentId,
    amountCents: payment.cardCents,
    currency: 'usd',
    accountNumber: payment.accountNumber,
    description:
      `Lenslab autopay ${charge.month}: invoices ${payment.allocations.map((a) => a.invoiceNumber).join(', ')}`.slice(
        0,
        500,
      ),
    receiptEmail: payment.payer.email,
    customerId: charge.customerId,
    paymentMethodId: charge.paymentMethodId,
  });
  const next: Payment = {
    ...payment,
    intentId: intent.intentId,
    clientSecret: intent.clientSecret,
    version: payment.version + 1,
  };
  if (await saved(payment, next, deps)) return next;
  return reread(payment.paymentId, deps);
}

async function settled(payment: Payment, intent: GatewayIntent, deps: AutopayDeps): Promise<AutopayOutcome> {
  const after = await applyIntent(payment, intent, deps);
  return after.status === 'succeeded' ? 'paid' : 'processing';
}

/** What one try's answer means: paid, the bank asks the payer, a retry later, or the end. */
async function answered(payment: Payment, result: OffSessionCharge, deps: AutopayDeps): Promise<AutopayOutcome> {
  if (result.status === 'succeeded') return settled(payment, result, deps);
  if (result.status === 'processing') return 'processing';
  const charge = payment.autopay!;
  // Stripe answers an off-session charge its bank wants to authenticate with `authentication_required`.
  if (result.status === 'requires_action' || result.declineCode === 'authentication_required') {
    const next: Payment = {
      ...payment,
      autopay: { ...charge, needsAuthentication: true, declineCode: 'authentication_required' },
      version: payment.version + 1,
    };
    // The email with the link rides the write that records the request: one email however many runs saw it.
    await saved(payment, next, deps, { kind: 'autopay-authentication', payment: next });
    return 'needs-authentication';
  }
  const message = result.failureMessage ?? 'Your card was declined.';
  const retryOn = isSoftDecline(result.declineCode) ? nextAttemptOn(charge.firstAttemptOn, charge.attempts) : null;
  if (!retryOn) return finalFailure(payment, message, deps, result.declineCode);
  const next: Payment = {
    ...payment,
    failureMessage: message,
    autopay: {
      ...charge,
      nextAttemptOn: retryOn,
      ...(result.declineCode ? { declineCode: result.declineCode } : {}),
    },
    version: payment.version + 1,
  };
  await saved(payment, next, deps);
  return 'retrying';
}

/**
 * The end of the month's charge: the payment fails with the reason and the payer is emailed, in one write; the
 * intent is canceled, so no late authentication can charge it. Invoices stay open for Pay Online.
 */
async function finalFailure(
  payment: Payment,
  failureMessage: string,
  deps: AutopayDeps,
  declineCode?: string,
): Promise<AutopayOutcome> {
  const next: Payment = {
    ...payment,
    status: 'failed',
    failureMessage,
    autopay: { ...payment.autopay!, ...(declineCode ? { declineCode } : {}) },
    version: payment.version + 1,
  };
  delete next.autopay!.nextAttemptOn;
  if (!(await saved(payment, next, deps, { kind: 'autopay-failed', payment: next }))) {
    const stored = await reread(payment.paymentId, deps);
    return stored.status === 'succeeded' ? 'paid' : stored.status === 'failed' ? 'failed' : 'processing';
  }
  if (payment.intentId) {
    try {
      await deps.gateway.cancelIntent(payment.intentId);
    } catch (error) {
      deps.log.warn('could not cancel a failed autopay intent', {
        paymentId: payment.paymentId,
        error: describeError(error),
      });
    }
  }
  deps.log.info('autopay failed for good', { paymentId: payment.paymentId, accountNumber: payment.accountNumber });
  return 'failed';
}
