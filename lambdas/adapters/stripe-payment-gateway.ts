import { invalidArgument } from '../../core/errors';
import {
  GATEWAY_REFUSED,
  WebhookSignatureError,
  type CardVault,
  type GatewayCard,
  type GatewaySetupIntent,
  type OffSessionCharge,
  type CreateIntentRequest,
  type GatewayDispute,
  type GatewayEvent,
  type GatewayIntent,
  type GatewayRefund,
  type IntentStatus,
  type PaymentGateway,
  type RefundRequest,
} from '../ports/payment-gateway';
import { stripeApi, StripeApiError, type StripeApiOptions } from './stripe-api';
import { verifyWebhookSignature } from './webhook-signature';

/** The secret key comes from Secrets Manager (payment-gateway-from-env.ts), like the webhook secret. */
export interface StripeGatewayOptions extends StripeApiOptions {
  /** The webhook endpoint's signing secret `whsec_...`. Never logged. */
  webhookSecret: string;
  /** `pk_...`: handed to the payer's browser for the Payment Element. */
  publishableKey: string;
}

/** The fields of Stripe's PaymentIntent this adapter reads. */
interface StripePaymentIntent {
  id: string;
  object?: string;
  amount: number;
  status: string;
  client_secret?: string | null;
  metadata?: Record<string, string> | null;
  last_payment_error?: { message?: string | null } | null;
}

export { GATEWAY_REFUSED };

/**
 * Stripe's `invalid_request_error` (an amount under its minimum, an unknown intent, a parameter it refuses) is
 * about the request, not an outage: a 400 with Stripe's reason, never a 500
 * (docs/decisions/0089-card-payments-under-the-minimum-or-refused.md).
 */
async function refusedAsBadRequest<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StripeApiError && error.kind === 'invalid-request')
      throw invalidArgument(`${GATEWAY_REFUSED} ${error.message}`);
    throw error;
  }
}

/**
 * The card gateway in stripe stages: PaymentIntents (card details go from the Payment Element straight to
 * Stripe; this code only creates, reads and cancels intents) and signed webhook events.
 */
export function stripePaymentGateway(options: StripeGatewayOptions): PaymentGateway {
  const api = stripeApi(options);
  const intentPath = (intentId: string) => `/v1/payment_intents/${encodeURIComponent(intentId)}`;
  const retrieve = (intentId: string) => api.request<StripePaymentIntent>('GET', intentPath(intentId));

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent(request: CreateIntentRequest): Promise<GatewayIntent> {
      const intent = await refusedAsBadRequest(() =>
        api.request<StripePaymentIntent>(
          'POST',
          '/v1/payment_intents',
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
          request.paymentId,
        ),
      );
      return intentOf(intent);
    },

    async retrieveIntent(intentId: string): Promise<GatewayIntent> {
      return intentOf(await refusedAsBadRequest(() => retrieve(intentId)));
    },

    async cancelIntent(intentId: string): Promise<void> {
      try {
        await api.request('POST', `${intentPath(intentId)}/cancel`);
      } catch (error) {
        // Cancelling twice is done, not an error; cancelling a paid intent is (the caller must not lose a payment).
        if (error instanceof StripeApiError && error.kind === 'invalid-request') {
          const current = await retrieve(intentId);
          if (current.status === 'canceled') return;
        }
        throw error;
      }
    },

    async verifyEvent(rawBody: string, signatureHeader: string | undefined): Promise<GatewayEvent> {
      verifyWebhookSignature(rawBody, signatureHeader, options.webhookSecret);
      const event = parsedEvent(rawBody);
      return disputeEventOf(event) ?? eventOf(event);
    },

    async refund(request: RefundRequest): Promise<GatewayRefund> {
      return refundOf(
        await refusedAsBadRequest(() =>
          api.request<StripeRefund>(
            'POST',
            '/v1/refunds',
            {
              payment_intent: request.intentId,
              amount: request.amountCents,
              metadata: { refundId: request.refundId, paymentId: request.paymentId },
            },
            // Our refund id: a retry or a second click refunds once (Stripe keeps keys 24 h; the payment's
            // record of the refund keeps it safe beyond that).
            request.refundId,
          ),
        ),
      );
    },
  };
}

// --- Refunds and disputes (the billing desk) ---

/** The fields of Stripe's Refund this adapter reads. */
interface StripeRefund {
  id: string;
  amount: number;
  status: string | null;
  failure_reason?: string | null;
}

/**
 * Stripe's refund statuses: `pending` and `requires_action` are accepted and still moving (counted as issued: the
 * money is on its way back and cannot be refunded twice); `failed` and `canceled` moved nothing.
 */
function refundOf(refund: StripeRefund): GatewayRefund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return {
    gatewayRefundId: refund.id,
    status,
    amountCents: refund.amount,
    failureMessage:
      status === 'failed' ? `The refund failed (${refund.failure_reason ?? 'no reason given'}).` : undefined,
  };
}

/** The fields of Stripe's Dispute this adapter reads. */
interface StripeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  payment_intent?: string | null;
  reason?: string | null;
  status?: string | null;
}

/**
 * Stripe's dispute statuses as ours: `won` and `warning_closed` (an inquiry that never became a chargeback) leave
 * the money with the lab; `lost` does not; every other status is still open.
 */
function disputeStatusOf(status: string | null | undefined): GatewayDispute['status'] {
  if (status === 'won' || status === 'warning_closed') return 'won';
  if (status === 'lost') return 'lost';
  return 'open';
}

/** `charge.dispute.created` / `charge.dispute.closed` as the port's event; null for any other event. */
function disputeEventOf(event: StripeEvent): GatewayEvent | null {
  const type =
    event.type === 'charge.dispute.created'
      ? 'dispute_opened'
      : event.type === 'charge.dispute.closed'
        ? 'dispute_closed'
        : null;
  const object = event.data?.object as StripeDispute | null | undefined;
  if (!type || object?.object !== 'dispute' || typeof object.payment_intent !== 'string') return null;
  return {
    eventId: event.id,
    type,
    intent: null,
    dispute: {
      disputeId: object.id,
      intentId: object.payment_intent,
      amountCents: object.amount,
      reason: object.reason ?? 'general',
      status: disputeStatusOf(object.status),
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
function intentOf(intent: StripePaymentIntent): GatewayIntent {
  return {
    intentId: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: STATUS[intent.status] ?? 'processing',
    amountCents: intent.amount,
    paymentId: intent.metadata?.paymentId ?? '',
    failureMessage: intent.last_payment_error?.message ?? undefined,
  };
}

interface StripeEvent {
  id: string;
  type?: unknown;
  data?: { object?: { object?: unknown } | null } | null;
}

/** A signed body that is not an event (no id) is refused like a bad signature: a 400, never a 500. */
function parsedEvent(rawBody: string): StripeEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    event = undefined;
  }
  if (typeof (event as StripeEvent | null | undefined)?.id !== 'string') {
    throw new WebhookSignatureError('The webhook body is not a valid event');
  }
  return event as StripeEvent;
}

function eventOf(event: StripeEvent): GatewayEvent {
  const object = event.data?.object;
  const intent = object?.object === 'payment_intent' ? intentOf(object as StripePaymentIntent) : null;
  const type =
    event.type === 'payment_intent.succeeded'
      ? 'payment_succeeded'
      : event.type === 'payment_intent.payment_failed'
        ? 'payment_failed'
        : 'other';
  return { eventId: event.id, type, intent };
}

// ---- Cards on file and off-session charges (the CardVault port): Customers, SetupIntents, PaymentMethods ----

interface StripeSetupIntent {
  id: string;
  client_secret?: string | null;
  status: string;
  customer?: string | null;
  payment_method?: string | null;
  last_setup_error?: { message?: string | null } | null;
}

interface StripePaymentMethod {
  id: string;
  customer?: string | null;
  card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number } | null;
}

const SETUP_STATUS: Record<string, GatewaySetupIntent['status']> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

/**
 * The card vault in stripe stages: one Stripe Customer per account, SetupIntents (usage off_session) the browser
 * confirms with Stripe.js, and off-session PaymentIntents confirmed by the server with the saved card.
 */
export function stripeCardVault(options: StripeApiOptions & { publishableKey: string }): CardVault {
  const api = stripeApi(options);
  const path = (kind: string, id: string) => `/v1/${kind}/${encodeURIComponent(id)}`;
  const setupOf = (setup: StripeSetupIntent): GatewaySetupIntent => ({
    setupIntentId: setup.id,
    clientSecret: setup.client_secret ?? '',
    status: SETUP_STATUS[setup.status] ?? 'processing',
    customerId: setup.customer ?? '',
    paymentMethodId: setup.payment_method ?? undefined,
    failureMessage: setup.last_setup_error?.message ?? undefined,
  });
  const retrieveIntent = (intentId: string) =>
    api.request<StripePaymentIntent & { last_payment_error?: { decline_code?: string | null; code?: string | null } }>(
      'GET',
      path('payment_intents', intentId),
    );

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async createCustomer({ accountNumber, idempotencyKey }) {
      const customer = await refusedAsBadRequest(() =>
        api.request<{ id: string }>(
          'POST',
          '/v1/customers',
          { description: `Lenslab account ${accountNumber}`, metadata: { accountNumber } },
          idempotencyKey,
        ),
      );
      return { customerId: customer.id };
    },

    async createSetupIntent({ customerId, accountNumber, idempotencyKey }) {
      const setup = await refusedAsBadRequest(() =>
        api.request<StripeSetupIntent>(
          'POST',
          '/v1/setup_intents',
          {
            customer: customerId,
            // Saved to be charged later without the payer: the bank authenticates now if it wants to.
            usage: 'off_session',
            metadata: { accountNumber },
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          idempotencyKey,
        ),
      );
      return setupOf(setup);
    },

    async retrieveSetupIntent(setupIntentId) {
      return setupOf(
        await refusedAsBadRequest(() => api.request<StripeSetupIntent>('GET', path('setup_intents', setupIntentId))),
      );
    },

    async retrieveCard(paymentMethodId): Promise<GatewayCard> {
      const method = await refusedAsBadRequest(() =>
        api.request<StripePaymentMethod>('GET', path('payment_methods', paymentMethodId)),
      );
      return {
        paymentMethodId: method.id,
        customerId: method.customer ?? null,
        brand: method.card?.brand ?? 'card',
        last4: method.card?.last4 ?? '',
        expMonth: method.card?.exp_month ?? 0,
        expYear: method.card?.exp_year ?? 0,
      };
    },

    async detachCard(paymentMethodId) {
      try {
        await api.request('POST', `${path('payment_methods', paymentMethodId)}/detach`);
      } catch (error) {
        // Detaching twice is done: Stripe refuses a card that is no longer attached.
        if (error instanceof StripeApiError && error.kind === 'invalid-request') {
          const current = await api.request<StripePaymentMethod>('GET', path('payment_methods', paymentMethodId));
          if (!current.customer) return;
        }
        throw error;
      }
    },

    async createOffSessionIntent(request) {
      const intent = await refusedAsBadRequest(() =>
        api.request<StripePaymentIntent>(
          'POST',
          '/v1/payment_intents',
          {
            amount: request.amountCents,
            currency: request.currency,
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            description: request.description,
            ...(request.receiptEmail ? { receipt_email: request.receiptEmail } : {}),
            metadata: { paymentId: request.paymentId, accountNumber: request.accountNumber, autopay: 'true' },
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          request.paymentId,
        ),
      );
      return intentOf(intent);
    },

    async confirmOffSession(intentId, paymentMethodId, attemptKey): Promise<OffSessionCharge> {
      try {
        await api.request(
          'POST',
          `${path('payment_intents', intentId)}/confirm`,
          { payment_method: paymentMethodId, off_session: true },
          attemptKey,
        );
      } catch (error) {
        // A decline or a bank's authentication request is Stripe's 402: the intent, read below, says which.
        if (!(error instanceof StripeApiError && error.kind === 'card')) throw error;
      }
      const intent = await retrieveIntent(intentId);
      const lastError = intent.last_payment_error;
      return {
        ...intentOf(intent),
        declineCode: lastError?.decline_code ?? lastError?.code ?? undefined,
      };
    },
  };
}
