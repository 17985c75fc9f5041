import type { DisputeStatus } from '../../core/schemas/invoices';
import type { GatewayKind } from '../../core/schemas/payments';

/**
 * The card gateway. Production: Stripe PaymentIntents (lambdas/adapters/stripe-payment-gateway.ts);
 * locally and in tests: the fake gateway (lambdas/adapters/fake-payment-gateway.ts), chosen by the stage
 * config. Card numbers never pass through this port: the payer's browser gives them to the gateway itself
 * (Stripe's Payment Element, or the fake's test card form), and the server only reads the outcome.
 */

/** Said to the payer before the gateway's own reason when the gateway refuses a request about its input. */
export const GATEWAY_REFUSED = 'The card gateway refused this payment request:';

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

/** A verified gateway event that concerns a payment intent (or, for a dispute, the intent it disputes). */
export interface GatewayEvent {
  eventId: string;
  type:
    | 'payment_succeeded'
    | 'payment_failed'
    | 'other'
    // Refunds and disputes (the billing desk): Stripe's charge.dispute.created / charge.dispute.closed.
    | 'dispute_opened'
    | 'dispute_closed';
  intent: GatewayIntent | null;
  /** Set on the dispute events. */
  dispute?: GatewayDispute | null | undefined;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is not valid') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

// --- Refunds and disputes (the billing desk; docs/decisions/0108-refunds-disputes-and-applied-credit.md) ---

export interface RefundRequest {
  /** Our refund id: the gateway's idempotency key, so a retry or a double click refunds once. */
  refundId: string;
  intentId: string;
  amountCents: number;
  /** Kept in the gateway's metadata beside the refund id. */
  paymentId: string;
}

export interface GatewayRefund {
  /** The gateway's refund (Stripe `re_...`). */
  gatewayRefundId: string;
  /** `pending`: accepted, the card network still to move it (we count it as issued); `failed`: nothing moved. */
  status: 'succeeded' | 'pending' | 'failed';
  amountCents: number;
  failureMessage?: string | undefined;
}

/** A chargeback as a dispute event carries it. */
export interface GatewayDispute {
  disputeId: string;
  /** The disputed payment intent (Stripe's `payment_intent`); its metadata names our payment. */
  intentId: string;
  amountCents: number;
  reason: string;
  /** Ours: open until the bank decides; won (the lab keeps the money) or lost. */
  status: DisputeStatus;
}

export interface GatewayRefunds {
  /** Pays back part or all of a succeeded intent; idempotent by `refundId`. A refusal is a 400 AppError. */
  refund(request: RefundRequest): Promise<GatewayRefund>;
}

export interface PaymentGateway extends GatewayRefunds {
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

// ---- Cards on file and off-session charges (docs/decisions/0106-cards-on-file.md, 0107-autopay.md) ----
// A port of its own beside PaymentGateway: Pay Online's checkout never needs it, and the adapters add it in
// blocks of their own (fakeCardVault, stripeCardVault).

/** A card being saved: Stripe's SetupIntent (usage off_session) on the account's customer. */
export interface GatewaySetupIntent {
  setupIntentId: string;
  /** Given to the payer's browser only; never logged. */
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  customerId: string;
  /** The saved card, once the setup succeeded. */
  paymentMethodId?: string | undefined;
  failureMessage?: string | undefined;
}

/** What the portal may keep of a saved card: the gateway's id and what the payer reads. */
export interface GatewayCard {
  paymentMethodId: string;
  /** The customer it is attached to; null once detached. */
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** One try of an off-session charge: the intent as the gateway left it, and the network's reason for a decline. */
export interface OffSessionCharge extends GatewayIntent {
  declineCode?: string | undefined;
}

export interface OffSessionChargeRequest extends CreateIntentRequest {
  customerId: string;
  paymentMethodId: string;
}

export interface CardVault {
  readonly kind: GatewayKind;
  readonly publishableKey?: string | undefined;
  /** The account's customer; idempotent by `idempotencyKey` (one customer per account however often asked). */
  createCustomer(request: { accountNumber: string; idempotencyKey: string }): Promise<{ customerId: string }>;
  /** A setup for one card; idempotent by `idempotencyKey`. */
  createSetupIntent(request: {
    customerId: string;
    accountNumber: string;
    idempotencyKey: string;
  }): Promise<GatewaySetupIntent>;
  retrieveSetupIntent(setupIntentId: string): Promise<GatewaySetupIntent>;
  retrieveCard(paymentMethodId: string): Promise<GatewayCard>;
  /** Removes a card from its customer; a card already detached is done, not an error. */
  detachCard(paymentMethodId: string): Promise<void>;
  /**
   * The intent of an off-session charge, with the customer and card: created once per `paymentId` (its
   * idempotency key), not yet confirmed.
   */
  createOffSessionIntent(request: OffSessionChargeRequest): Promise<GatewayIntent>;
  /**
   * Confirms that intent without the payer (Stripe `off_session: true`). `attemptKey` is the idempotency key of
   * this try: however often a try is sent, the card is charged once for it, and a succeeded intent is never charged
   * again. A decline answers the intent (status requires_payment_method) with its codes, not an error.
   */
  confirmOffSession(intentId: string, paymentMethodId: string, attemptKey: string): Promise<OffSessionCharge>;
}
