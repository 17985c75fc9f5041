import { randomUUID } from 'node:crypto';
import { applyToBalance, splitCredit } from '../../../core/rules/invoice-balance';
import type { Invoice, InvoiceSettlement } from '../../../core/schemas/invoices';
import type { Payment } from '../../../core/schemas/payments';
import { moneyRetry, type CreditChange } from '../../ports/money-store';
import type { GatewayEvent, GatewayIntent } from '../../ports/payment-gateway';
import { creditChange, needsSecondApproval, pendingApproval, type EntryFields } from '../credit';
import { withTotals, type InvoiceDeps } from '../invoices';
import type { PaymentDeps, SettleDeps } from './payment-deps';
import { retryOnRefusal } from '../../kernel/retry';
import { moneyNotice, moneyNotices } from '../../ports/money-notifier';
import { handleDisputeEvent } from './disputes';

const PAYER_ACTOR = (payment: Payment) => ({ userId: payment.payer.userId, name: payment.payer.name });

/**
 * Settles a payment once the money is certain (the card succeeded, or credit covers everything): in ONE
 * transaction the payment becomes `succeeded` (conditional on the version read, so however many callers
 * settle it at once - the browser, a retry, the gateway's webhook - only one write lands), each invoice
 * takes its amount (card first, then the credit the payer chose, never more than its balance), the credit
 * spent is taken from the ledger, and card money beyond a balance (someone else paid meanwhile) becomes
 * account credit; above the lab's threshold that credit waits for a second super admin, as a cheque's does
 * (docs/decisions/0092-large-credit-needs-a-second-super-admin.md). Answers the payment as stored afterwards.
 */
export async function settlePayment(paymentId: string, deps: SettleDeps): Promise<Payment> {
  const settings = await deps.creditSettings.get();
  return retryOnRefusal(deps, moneyRetry(), async () => {
    const current = await deps.money.getPayment(paymentId);
    if (!current) throw new Error(`payment ${paymentId} not found`);
    if (current.status === 'succeeded') return current;
    const at = deps.now().toISOString();
    const invoices = new Map(
      (await deps.money.getInvoices(current.allocations.map((a) => a.invoiceNumber))).map((i) => [i.invoiceNumber, i]),
    );
    const balance = await deps.money.getCreditBalance(current.accountNumber);
    // The credit planned at the start, limited to what the account still has now.
    const plannedCredit = splitCredit(
      current.allocations.map((a) => a.amountCents),
      current.creditCents,
    );
    const creditNow = splitCredit(plannedCredit, balance.availableCents);

    const updatedInvoices: { invoice: Invoice; expectedVersion: number }[] = [];
    const creditMoves: { kind: 'apply' | 'grant'; amountCents: number; fields: EntryFields }[] = [];
    let overpaidCents = 0;
    let creditSpent = 0;
    current.allocations.forEach((allocation, i) => {
      const invoice = invoices.get(allocation.invoiceNumber);
      const cardPart = allocation.amountCents - plannedCredit[i]!;
      if (!invoice) {
        overpaidCents += cardPart;
        return;
      }
      const settlements: InvoiceSettlement[] = [];
      const card = applyToBalance(invoice, cardPart);
      overpaidCents += card.excessCents;
      if (card.appliedCents > 0)
        settlements.push({ settlementId: randomUUID(), at, method: 'card', amountCents: card.appliedCents, paymentId });
      const afterCard = withTotals({ ...invoice, settlements: [...invoice.settlements, ...settlements] });
      const credit = applyToBalance(afterCard, creditNow[i]!);
      if (credit.appliedCents > 0) {
        settlements.push({
          settlementId: randomUUID(),
          at,
          method: 'credit',
          amountCents: credit.appliedCents,
          paymentId,
        });
        creditSpent += credit.appliedCents;
        creditMoves.push({
          kind: 'apply',
          amountCents: credit.appliedCents,
          fields: { at, reason: 'invoice', by: PAYER_ACTOR(current), invoiceNumber: invoice.invoiceNumber, paymentId },
        });
      }
      if (settlements.length === 0) return;
      updatedInvoices.push({
        invoice: withTotals({
          ...invoice,
          settlements: [...invoice.settlements, ...settlements],
          updatedAt: at,
          version: invoice.version + 1,
        }),
        expectedVersion: invoice.version,
      });
    });
    const note = 'Card payment above the invoice balance';
    // The card was charged either way: the money is the account's, but a large amount is credited only once
    // a second super admin approves it (or the lab refunds the card instead).
    const approval =
      overpaidCents > 0 && needsSecondApproval(overpaidCents, settings)
        ? pendingApproval(
            {
              entryId: randomUUID(),
              accountNumber: current.accountNumber,
              reason: 'overpayment',
              amountCents: overpaidCents,
              note: `${note} (payment ${paymentId})`,
              requestedBy: PAYER_ACTOR(current),
            },
            at,
          )
        : null;
    if (overpaidCents > 0 && !approval)
      creditMoves.push({
        kind: 'grant',
        amountCents: overpaidCents,
        fields: { at, reason: 'overpayment', by: PAYER_ACTOR(current), paymentId, note },
      });
    const credit: CreditChange[] = creditMoves.length ? [creditChange(balance, creditMoves)] : [];
    const settled: Payment = {
      ...current,
      status: 'succeeded',
      creditCents: creditSpent,
      overpaidCents,
      ...(approval ? { overpaymentHeld: true } : {}),
      settledAt: at,
      version: current.version + 1,
    };
    delete settled.failureMessage;
    const invoicesPaid = updatedInvoices.map((u) => u.invoice);
    await deps.money.commit({
      payment: { payment: settled, expectedVersion: current.version },
      invoices: updatedInvoices,
      credit,
      ...(approval ? { approval: { approval, expectedVersion: null } } : {}),
      // The receipt rides the commit that settles: of the browser, a retry and the webhook settling at once,
      // the one whose commit lands stores it, and the others (refused, then reading it settled) store none.
      notices: moneyNotices(deps, { kind: 'payment-receipt', payment: settled, invoices: invoicesPaid }),
    });
    deps.log.info('payment settled', {
      paymentId,
      accountNumber: settled.accountNumber,
      invoices: invoicesPaid.length,
    });
    return settled;
  });
}

/**
 * Records a declined card: the payment becomes `failed` with the gateway's reason and nothing else
 * changes (no invoice, no credit). A later success on the same intent still settles it.
 */
export async function failPayment(
  paymentId: string,
  failureMessage: string,
  deps: Pick<InvoiceDeps, 'money' | 'now' | 'sleep'>,
): Promise<Payment> {
  return retryOnRefusal(deps, moneyRetry(), async () => {
    const current = await deps.money.getPayment(paymentId);
    if (!current) throw new Error(`payment ${paymentId} not found`);
    if (current.status !== 'awaiting-card') return current;
    const failed: Payment = { ...current, status: 'failed', failureMessage, version: current.version + 1 };
    await deps.money.commit({
      payment: { payment: failed, expectedVersion: current.version },
      notices: [moneyNotice(deps, { kind: 'payment-failed', payment: failed })],
    });
    return failed;
  });
}

/** What the gateway says of an intent, applied to its payment. Unknown or foreign intents are ignored. */
export async function applyIntent(payment: Payment, intent: GatewayIntent, deps: SettleDeps): Promise<Payment> {
  if (payment.intentId !== intent.intentId || payment.status === 'succeeded') return payment;
  // An autopay charge's declines are the autopay job's to judge (retry, ask to authenticate, or fail for good).
  if (payment.autopay && intent.status !== 'succeeded') return payment;
  if (intent.status === 'succeeded') {
    if (intent.amountCents !== payment.cardCents) {
      deps.log.error('gateway amount differs from the payment', { paymentId: payment.paymentId });
      return payment;
    }
    return settlePayment(payment.paymentId, deps);
  }
  if (intent.status === 'requires_payment_method' && intent.failureMessage)
    return failPayment(payment.paymentId, intent.failureMessage, deps);
  return payment;
}

/** The gateway's webhook (paymentWebhook): settles or fails the payment an event's intent belongs to. */
export async function handleGatewayEvent(event: GatewayEvent, deps: PaymentDeps): Promise<void> {
  // A chargeback (the billing desk's): its own use case.
  if (event.type === 'dispute_opened' || event.type === 'dispute_closed') return handleDisputeEvent(event, deps);
  if (event.type === 'other' || !event.intent) return;
  const payment = await deps.money.getPayment(event.intent.paymentId);
  if (!payment) {
    deps.log.warn('gateway event for an unknown payment', { eventId: event.eventId });
    return;
  }
  // The event is signed, but the intent is read again: the gateway's current word, not a replayed one.
  const intent = await deps.gateway.retrieveIntent(event.intent.intentId);
  await applyIntent(payment, intent, deps);
}
