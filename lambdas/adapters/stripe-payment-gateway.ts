import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CreateIntentRequest,
  type GatewayEvent,
  type GatewayIntent,
  type IntentStatus,
  type PaymentGateway,
} from '../ports/payment-gateway';

export interface StripeGatewayOptions {
  /** `sk_live_...` / `sk_test_...`, from Secrets Manager (payment-gateway-from-env.ts). Never logged. */
  secretKey: string;
  /** The webhook endpoint's signing secret `whsec_...`. Never logged. */
  webhookSecret: string;
  /** `pk_...`: handed to the payer's browser for the Payment Element. */
  publishableKey: string;
  /** Only for tests: a local HTTP double of the Stripe API instead of api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

// Within API Gateway's 29 s: two tries of at most 8 s each. Retries are safe, every create has its key.
const TIMEOUT_MS = 8_000;
const MAX_NETWORK_RETRIES = 1;

/**
 * The card gateway in stripe stages: PaymentIntents (card details go from the Payment Element straight to
 * Stripe; this code only creates, reads and cancels intents) and signed webhook events.
 */
export function stripePaymentGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    // No latency telemetry headers: nothing about our calls goes to Stripe beyond the calls themselves.
    telemetry: false,
    appInfo: { name: 'lenslab-portal' },
    ...(options.host !== undefined && { host: options.host }),
    ...(options.port !== undefined && { port: options.port }),
    ...(options.protocol !== undefined && { protocol: options.protocol }),
  });

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent(request: CreateIntentRequest): Promise<GatewayIntent> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          description: request.description,
          ...(request.receiptEmail ? { receipt_email: request.receiptEmail } : {}),
          metadata: { paymentId: request.paymentId, accountNumber: request.accountNumber },
          // The methods enabled in the Dashboard (the lab enables cards), none that leaves the portal: the
          // browser confirms with redirect 'if_required', and a redirect would lose the page's state.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        // Our payment id: a retry, a double click or 20 concurrent calls make one intent (Stripe keeps keys 24 h).
        { idempotencyKey: request.paymentId },
      );
      return intentOf(intent);
    },

    async retrieveIntent(intentId: string): Promise<GatewayIntent> {
      return intentOf(await stripe.paymentIntents.retrieve(intentId));
    },

    async cancelIntent(intentId: string): Promise<void> {
      try {
        await stripe.paymentIntents.cancel(intentId);
      } catch (error) {
        // Cancelling twice is done, not an error; cancelling a paid intent is (the caller must not lose a payment).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const current = await stripe.paymentIntents.retrieve(intentId);
          if (current.status === 'canceled') return;
        }
        throw error;
      }
    },

    async verifyEvent(rawBody: string, signatureHeader: string | undefined): Promise<GatewayEvent> {
      if (!signatureHeader) throw new WebhookSignatureError('The webhook signature header is missing');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        // Stripe's error carries the header and the payload: only our own message leaves this function.
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(
            /tolerance/i.test(error.message)
              ? 'The webhook timestamp is too old (a replay is refused)'
              : 'The webhook signature does not match the body',
          );
        }
        if (error instanceof SyntaxError) throw new WebhookSignatureError('The webhook body is not a valid event');
        throw error;
      }
      return eventOf(event);
    },
  };
}

const STATUS: Record<string, IntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  // A payment method is attached but not confirmed: for the payer, still "give a card".
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  // Manual capture is never asked for; should it appear, the money is not ours yet.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

/** A PaymentIntent as the port sees it. An unknown status settles nothing ('processing'). */
export function intentOf(intent: Stripe.PaymentIntent): GatewayIntent {
  return {
    intentId: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: STATUS[intent.status] ?? 'processing',
    amountCents: intent.amount,
    paymentId: intent.metadata?.paymentId ?? '',
    failureMessage: intent.last_payment_error?.message ?? undefined,
  };
}

function eventOf(event: Stripe.Event): GatewayEvent {
  const object = event.data?.object as { object?: string } | undefined;
  const intent = object?.object === 'payment_intent' ? intentOf(object as Stripe.PaymentIntent) : null;
  const type =
    event.type === 'payment_intent.succeeded'
      ? 'payment_succeeded'
      : event.type === 'payment_intent.payment_failed'
        ? 'payment_failed'
        : 'other';
  return { eventId: event.id, type, intent };
}
