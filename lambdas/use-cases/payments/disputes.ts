import type { Invoice, InvoiceDispute } from '../../../core/schemas/invoices';
import type { Payment, PaymentDispute } from '../../../core/schemas/payments';
import { retryOnRefusal } from '../../kernel/retry';
import { moneyNotice } from '../../ports/money-notifier';
import { moneyRetry } from '../../ports/money-store';
import type { GatewayEvent } from '../../ports/payment-gateway';
import type { PaymentDeps } from './payment-deps';

/**
 * A chargeback the card's bank opened or decided (Stripe's charge.dispute.created / closed, through the payment
 * webhook): in one transaction the payment records it, every invoice the payment paid by card shows it, and the
 * lab's alert goes to the outbox (docs/decisions/0108-refunds-disputes-and-applied-credit.md). The money itself
 * is not moved here: the bank holds it while the dispute is open, and the lab decides what a lost one means
 * for the invoice.
 *
 * Idempotent: an event delivered twice, or after a later one, finds the payment already saying as much and
 * changes nothing.
 */
export async function handleDisputeEvent(event: GatewayEvent, deps: PaymentDeps): Promise<void> {
  const dispute = event.dispute;
  if (!dispute) return;
  // The dispute names the gateway's intent; its metadata names our payment (the gateway's word, read again).
  const intent = await deps.gateway.retrieveIntent(dispute.intentId);
  const paymentId = intent.paymentId;
  await retryOnRefusal(deps, moneyRetry(), async () => {
    const payment = paymentId ? await deps.money.getPayment(paymentId) : null;
    if (!payment || payment.intentId !== dispute.intentId) {
      deps.log.warn('dispute for an unknown payment', { eventId: event.eventId });
      return;
    }
    const known = payment.dispute;
    if (known?.disputeId === dispute.disputeId && (known.status === dispute.status || known.status !== 'open')) return;
    const at = deps.now().toISOString();
    const recorded: PaymentDispute = {
      disputeId: dispute.disputeId,
      amountCents: dispute.amountCents,
      reason: dispute.reason,
      status: dispute.status,
      openedAt: known?.disputeId === dispute.disputeId ? known.openedAt : at,
      ...(dispute.status === 'open' ? {} : { closedAt: at }),
    };
    const after: Payment = { ...payment, dispute: recorded, version: payment.version + 1 };
    const invoices = await deps.money.getInvoices(payment.allocations.map((a) => a.invoiceNumber));
    const shown = invoices
      .filter((invoice) => invoice.settlements.some((s) => s.method === 'card' && s.paymentId === payment.paymentId))
      .map((invoice) => ({
        invoice: withDispute(invoice, payment.paymentId, recorded, at),
        expectedVersion: invoice.version,
      }));
    await deps.money.commit({
      payment: { payment: after, expectedVersion: payment.version },
      invoices: shown,
      notices: [moneyNotice(deps, { kind: 'payment-disputed', payment: after, dispute: recorded })],
    });
    deps.log.warn('payment disputed', {
      paymentId: payment.paymentId,
      disputeId: dispute.disputeId,
      status: dispute.status,
    });
  });
}

function withDispute(invoice: Invoice, paymentId: string, dispute: PaymentDispute, at: string): Invoice {
  const shown: InvoiceDispute = { ...dispute, paymentId };
  return {
    ...invoice,
    disputes: [...(invoice.disputes ?? []).filter((d) => d.disputeId !== dispute.disputeId), shown],
    updatedAt: at,
    version: invoice.version + 1,
  };
}
