import { invalidArgument } from '../../core/errors';
import type {
  CreateIntentRequest,
  GatewayEvent,
  GatewayIntent,
  GatewayRefund,
  PaymentGateway,
  RefundRequest,
} from '../../lambdas/ports/payment-gateway';

/** Stripe's published test cards and the outcome the in-memory gateway gives them. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/**
 * An in-memory PaymentGateway for use-case tests, with the gateway's idempotency (one intent per payment id
 * however often it is asked) and `pay` standing in for the payer's browser giving a card to the gateway.
 */
export class InMemoryGateway implements PaymentGateway {
  readonly kind = 'fake' as const;
  readonly publishableKey = undefined;
  readonly intents = new Map<string, GatewayIntent>();
  readonly byPayment = new Map<string, string>();
  createCalls = 0;
  charges = 0;

  async createIntent(request: CreateIntentRequest): Promise<GatewayIntent> {
    this.createCalls++;
    const known = this.byPayment.get(request.paymentId);
    if (known) return { ...this.intents.get(known)! };
    const intentId = `pi_${this.intents.size + 1}`;
    const intent: GatewayIntent = {
      intentId,
      clientSecret: `${intentId}_secret`,
      status: 'requires_payment_method',
      amountCents: request.amountCents,
      paymentId: request.paymentId,
    };
    this.intents.set(intentId, intent);
    this.byPayment.set(request.paymentId, intentId);
    return { ...intent };
  }

  async retrieveIntent(intentId: string): Promise<GatewayIntent> {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    return { ...intent };
  }

  async cancelIntent(intentId: string): Promise<void> {
    const intent = this.intents.get(intentId);
    if (intent && intent.status !== 'succeeded') intent.status = 'canceled';
  }

  async verifyEvent(rawBody: string): Promise<GatewayEvent> {
    return JSON.parse(rawBody) as GatewayEvent;
  }

  /** Refunds made, by our refund id (the idempotency key), and how often `refund` was called. */
  readonly refunds = new Map<string, GatewayRefund & { intentId: string }>();
  refundCalls = 0;
  /** Makes the next `refund` calls throw this (an outage: nothing refunded). */
  refundOutages: Error[] = [];

  async refund(request: RefundRequest): Promise<GatewayRefund> {
    this.refundCalls++;
    const outage = this.refundOutages.shift();
    if (outage) throw outage;
    const known = this.refunds.get(request.refundId);
    if (known) return { ...known };
    const intent = this.intents.get(request.intentId);
    if (!intent || intent.status !== 'succeeded')
      throw invalidArgument('The card gateway refused this refund: not paid');
    const done = [...this.refunds.values()]
      .filter((r) => r.intentId === request.intentId)
      .reduce((sum, r) => sum + r.amountCents, 0);
    // Stripe's own rule, so a bug that asked for too much would show as a refusal here.
    if (done + request.amountCents > intent.amountCents)
      throw invalidArgument('The card gateway refused this refund: greater than the unrefunded amount');
    const made = {
      gatewayRefundId: `re_${this.refunds.size + 1}`,
      status: 'succeeded' as const,
      amountCents: request.amountCents,
      intentId: request.intentId,
    };
    this.refunds.set(request.refundId, made);
    return { ...made };
  }

  /** The payer's card reaches the gateway (what the checkout form does in the browser). */
  pay(intentId: string, card: string): GatewayIntent {
    const intent = this.intents.get(intentId);
    if (!intent || intent.status === 'succeeded' || intent.status === 'canceled') throw new Error('cannot pay');
    if (card === TEST_CARDS.succeeds) {
      intent.status = 'succeeded';
      delete intent.failureMessage;
      this.charges++;
    } else {
      intent.failureMessage =
        card === TEST_CARDS.insufficientFunds ? 'Your card has insufficient funds.' : 'Your card was declined.';
    }
    return { ...intent };
  }
}
