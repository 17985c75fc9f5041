import { invalidArgument } from '../../core/errors';
import {
  GATEWAY_REFUSED,
  WebhookSignatureError,
  type CreateIntentRequest,
  type GatewayDispute,
  type GatewayEvent,
  type GatewayIntent,
  type GatewayRefund,
  type PaymentGateway,
  type RefundRequest,
  type CardVault,
  type GatewayCard,
  type GatewaySetupIntent,
  type OffSessionCharge,
  type OffSessionChargeRequest,
} from '../ports/payment-gateway';
import { verifyWebhookSignature } from './webhook-signature';

/**
 * The card gateway locally and in tests: a client of the fake gateway service (local/fake-gateway/), which
 * keeps intents in memory, takes the test card form's card in place of Stripe's Payment Element and sends
 * signed webhook events like Stripe's. Same port, same webhook signature scheme, no network beyond loopback.
 */

/** An intent as the fake service answers it (its JSON wire format; shared with local/fake-gateway). */
export interface FakeIntentJson {
  id: string;
  clientSecret: string;
  /** requires_action: an off-session charge whose bank asks the payer to authenticate (fake-saved-cards.ts). */
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  amountCents: number;
  currency: string;
  paymentId: string;
  accountNumber: string;
  description: string;
  /** The last decline's reason, as Stripe's `last_payment_error.message`. */
  failureMessage?: string;
}

/** An event as the fake service posts it to the webhook URL; types named as Stripe's. */
export interface FakeEventJson {
  id: string;
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
  created: number;
  data: { object: FakeIntentJson };
}

// --- Refunds and disputes (the billing desk) ---

/** A refund as the fake service answers it. */
export interface FakeRefundJson {
  id: string;
  intentId: string;
  amountCents: number;
  status: 'succeeded';
}

/** A chargeback as the fake service keeps and posts it (`POST /v1/intents/:id/dispute` raises one). */
export interface FakeDisputeJson {
  id: string;
  object: 'dispute';
  intentId: string;
  amountCents: number;
  reason: string;
  status: GatewayDispute['status'];
}

export interface FakeDisputeEventJson {
  id: string;
  type: 'charge.dispute.created' | 'charge.dispute.closed';
  created: number;
  data: { object: FakeDisputeJson };
}

export interface FakeGatewayClientOptions {
  /** The service's base URL (env FAKE_GATEWAY_URL), e.g. http://127.0.0.1:4807. */
  baseUrl: string;
  /** The secret the service signs its webhook events with (env FAKE_GATEWAY_WEBHOOK_SECRET). */
  webhookSecret: string;
  fetch?: typeof fetch;
}

export function fakePaymentGateway(options: FakeGatewayClientOptions): PaymentGateway {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(8_000),
    });
    const answer = (await response.json().catch(() => null)) as
      (FakeIntentJson & { error?: { message?: string; type?: string } }) | null;
    // Like Stripe's invalid_request_error (a refund over what is left): about the request, a 400 with its reason.
    if (response.status === 400 && answer?.error?.type === 'invalid_request_error' && path.startsWith('/v1/refunds'))
      throw invalidArgument(`The card gateway refused this refund: ${answer.error.message ?? 'no reason given'}`);
    if (!response.ok || !answer) {
      throw new Error(`The fake gateway answered ${response.status}: ${answer?.error?.message ?? 'no message'}`);
    }
    return answer;
  }
  const intentPath = (intentId: string) => `/v1/intents/${encodeURIComponent(intentId)}`;

  return {
    kind: 'fake',
    publishableKey: undefined,

    async createIntent(request: CreateIntentRequest): Promise<GatewayIntent> {
      const { paymentId, amountCents, currency, accountNumber, description } = request;
      const body = { paymentId, amountCents, currency, accountNumber, description };
      return fakeIntentOf(await call('POST', '/v1/intents', body, { 'idempotency-key': paymentId }));
    },

    async retrieveIntent(intentId: string): Promise<GatewayIntent> {
      return fakeIntentOf(await call('GET', intentPath(intentId)));
    },

    async cancelIntent(intentId: string): Promise<void> {
      await call('POST', `${intentPath(intentId)}/cancel`);
    },

    async refund(request: RefundRequest): Promise<GatewayRefund> {
      const { refundId, intentId, amountCents, paymentId } = request;
      const answer = (await call(
        'POST',
        '/v1/refunds',
        { refundId, intentId, amountCents, paymentId },
        { 'idempotency-key': refundId },
      )) as unknown as FakeRefundJson;
      return { gatewayRefundId: answer.id, status: answer.status, amountCents: answer.amountCents };
    },

    async verifyEvent(rawBody: string, signatureHeader: string | undefined): Promise<GatewayEvent> {
      verifyWebhookSignature(rawBody, signatureHeader, options.webhookSecret);
      let event: FakeEventJson;
      try {
        event = JSON.parse(rawBody) as FakeEventJson;
      } catch {
        // JSON.parse's message quotes the body: only a fixed message leaves.
        throw new WebhookSignatureError('The webhook body is not a valid event');
      }
      const disputeEvent = fakeDisputeEventOf(event as unknown as FakeDisputeEventJson);
      if (disputeEvent) return disputeEvent;
      const object = event?.data?.object;
      const type =
        event?.type === 'payment_intent.succeeded'
          ? 'payment_succeeded'
          : event?.type === 'payment_intent.payment_failed'
            ? 'payment_failed'
            : 'other';
      return { eventId: String(event?.id), type, intent: object?.id ? fakeIntentOf(object) : null };
    },
  };
}

export function fakeIntentOf(intent: FakeIntentJson): GatewayIntent {
  return {
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    status: intent.status,
    amountCents: intent.amountCents,
    paymentId: intent.paymentId,
    failureMessage: intent.failureMessage,
  };
}

/** A dispute event of the fake service as the port's event; null for any other event. */
function fakeDisputeEventOf(event: FakeDisputeEventJson): GatewayEvent | null {
  const type =
    event?.type === 'charge.dispute.created'
      ? 'dispute_opened'
      : event?.type === 'charge.dispute.closed'
        ? 'dispute_closed'
        : null;
  const object = event?.data?.object;
  if (!type || object?.object !== 'dispute') return null;
  const dispute: GatewayDispute = {
    disputeId: String(object.id),
    intentId: String(object.intentId),
    amountCents: Number(object.amountCents),
    reason: String(object.reason),
    status: object.status,
  };
  return { eventId: String(event.id), type, intent: null, dispute };
}

// ---- Cards on file and off-session charges (the CardVault port; local/fake-gateway/fake-saved-cards.ts) ----

/** A SetupIntent as the fake service answers it. */
export interface FakeSetupIntentJson {
  id: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded';
  customerId: string;
  paymentMethodId?: string;
  failureMessage?: string;
}

/** A saved card as the fake service answers it: never its number. */
export interface FakeCardJson {
  id: string;
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** One off-session try's answer: the intent and the network's decline code. */
export type FakeOffSessionJson = FakeIntentJson & { declineCode?: string };

export function fakeCardVault(options: Omit<FakeGatewayClientOptions, 'webhookSecret'>): CardVault {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T> {
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(8_000),
    });
    const answer = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
    // An unknown setup or card id, a card of another customer: about the request, a 400 as Stripe's adapter says.
    if ((response.status === 400 || response.status === 404) && answer?.error)
      throw invalidArgument(`${GATEWAY_REFUSED} ${answer.error.message ?? 'no reason given'}`);
    if (!response.ok || !answer) {
      throw new Error(`The fake gateway answered ${response.status}: ${answer?.error?.message ?? 'no message'}`);
    }
    return answer;
  }
  const setupOf = (setup: FakeSetupIntentJson): GatewaySetupIntent => ({
    setupIntentId: setup.id,
    clientSecret: setup.clientSecret,
    status: setup.status,
    customerId: setup.customerId,
    paymentMethodId: setup.paymentMethodId,
    failureMessage: setup.failureMessage,
  });
  const at = (kind: string, id: string) => `/v1/${kind}/${encodeURIComponent(id)}`;

  return {
    kind: 'fake',
    publishableKey: undefined,

    async createCustomer({ accountNumber, idempotencyKey }) {
      const customer = await call<{ id: string }>('POST', '/v1/customers', { accountNumber }, idempotencyKey);
      return { customerId: customer.id };
    },

    async createSetupIntent({ customerId, accountNumber, idempotencyKey }) {
      const body = { customerId, accountNumber };
      return setupOf(await call<FakeSetupIntentJson>('POST', '/v1/setup_intents', body, idempotencyKey));
    },

    async retrieveSetupIntent(setupIntentId) {
      return setupOf(await call<FakeSetupIntentJson>('GET', at('setup_intents', setupIntentId)));
    },

    async retrieveCard(paymentMethodId): Promise<GatewayCard> {
      const { id, ...card } = await call<FakeCardJson>('GET', at('payment_methods', paymentMethodId));
      return { paymentMethodId: id, ...card };
    },

    async detachCard(paymentMethodId) {
      await call('POST', `${at('payment_methods', paymentMethodId)}/detach`, {});
    },

    async createOffSessionIntent(request: OffSessionChargeRequest) {
      const { paymentId, amountCents, currency, accountNumber, description, customerId, paymentMethodId } = request;
      const body = { paymentId, amountCents, currency, accountNumber, description, customerId, paymentMethodId };
      return fakeIntentOf(await call<FakeIntentJson>('POST', '/v1/off_session_intents', body, paymentId));
    },

    async confirmOffSession(intentId, paymentMethodId, attemptKey): Promise<OffSessionCharge> {
      const path = `${at('intents', intentId)}/confirm_off_session`;
      const answer = await call<FakeOffSessionJson>('POST', path, { paymentMethodId }, attemptKey);
      return { ...fakeIntentOf(answer), declineCode: answer.declineCode };
    },
  };
}
