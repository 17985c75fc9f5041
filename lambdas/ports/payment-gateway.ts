import type { GatewayKind } from '../../core/schemas/payments';

/**
 * The card gateway. Production: Stripe PaymentIntents (lambdas/adapters/stripe-payment-gateway.ts);
 * locally and in tests: the fake gateway (lambdas/adapters/fake-payment-gateway.ts), chosen by the stage
 * config. Card numbers never pass through this port: the payer's browser gives them to the gateway itself
 * (Stripe's Payment Element, or the fake's test card form), and the server only reads the outcome.
 */

export interface CreateIntentRequest {
  /** Our payment id: the gateway's idempotency key, so 20 identical calls make one intent. */
  paymentId: string;
  amountCents: number;
  currency: 'usd';
  accountNumber: string;
  /** Shown on the card statement and in the gateway's dashboard, e.g. "Invoices INV-1, INV-2". */
  description: string;
  receiptEmail?: string | undefined;
}

export type IntentStatus =
  /** The card was not given yet, or was declined (then `failureMessage` says why). */
  'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface GatewayIntent {
  intentId: string;
  /** Given to the payer's browser only; never logged. */
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  /** Our payment id, as stored in the intent's metadata. */
  paymentId: string;
  /** The gateway's reason for the last decline ("Your card was declined."), when there was one. */
  failureMessage?: string | undefined;
}

/** A verified gateway event that concerns a payment intent. */
export interface GatewayEvent {
  eventId: string;
  type: 'payment_succeeded' | 'payment_failed' | 'other';
  intent: GatewayIntent | null;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is not valid') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentGateway {
  readonly kind: GatewayKind;
  /** Publishable key for the browser (Stripe); undefined for the fake. */
  readonly publishableKey?: string | undefined;
  /** Idempotent by `paymentId`. */
  createIntent(request: CreateIntentRequest): Promise<GatewayIntent>;
  retrieveIntent(intentId: string): Promise<GatewayIntent>;
  /** Stops an intent that will not be paid (a declined payment the payer gave up on). */
  cancelIntent(intentId: string): Promise<void>;
  /** Checks the signature of a webhook call against the raw body; throws WebhookSignatureError. */
  verifyEvent(rawBody: string, signatureHeader: string | undefined): Promise<GatewayEvent>;
}
