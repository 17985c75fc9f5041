import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { cardFormProblem, testCardDecline } from '../../core/rules/test-cards';
import type {
  FakeDisputeEventJson,
  FakeDisputeJson,
  FakeEventJson,
  FakeIntentJson,
  FakeRefundJson,
} from '../../lambdas/adapters/fake-payment-gateway';
import { signWebhookPayload } from '../../lambdas/adapters/webhook-signature';
import { listenOnLoopback } from '../process/listen-on-loopback';
import { guardRequests, originFormUrl } from '../process/request-guard';
import { signedWebhooks } from '../signed-webhooks';
import { fakeSavedCards } from './fake-saved-cards';

/**
 * The fake card gateway of the local stack and the tests (docs/local-stack.md "The fake card gateway"): Stripe's
 * PaymentIntent lifecycle in memory, behind the same port as Stripe (lambdas/adapters/fake-payment-gateway.ts).
 *
 * - `POST /v1/intents` (header `idempotency-key`), `GET /v1/intents/:id`, `POST /v1/intents/:id/cancel`: the
 *   portal's server side, as the Stripe adapter calls PaymentIntents.
 * - `POST /fake-gateway/confirm` `{ clientSecret, cardNumber, expiry, cvc }`: the browser's test card form, in
 *   place of Stripe's Payment Element. The local web server forwards `/fake-gateway/*` here (same origin), and
 *   only that prefix, so a page can never reach the server-side endpoints.
 *
 * - `POST /v1/refunds` `{ refundId, intentId, amountCents, paymentId }` (header `idempotency-key`): a refund of a
 *   succeeded intent, never beyond what it captured (Stripe's rule).
 * - `POST /v1/intents/:id/dispute` `{ reason? }` and `POST /v1/disputes/:id/close` `{ outcome: 'won' | 'lost' }`:
 *   the card's bank opening and deciding a chargeback, for the tests and the demo (Stripe's test cards do this
 *   in test mode); each posts `charge.dispute.created` / `charge.dispute.closed`.
 *
 * After a success or a decline it posts a signed event to `webhookUrl` as Stripe would (`stripe-signature`,
 * Stripe's scheme). Card numbers are never stored or logged: only the outcome is kept.
 */
export interface FakeGatewayOptions {
  port: number;
  /** Signs the webhook events; the fake adapter verifies with the same value (FAKE_GATEWAY_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where events go (the portal's `/api/paymentWebhook`); without it no events are sent. */
  webhookUrl?: string | undefined;
  log?: (message: string) => void;
  /** Tries per event before giving up (Stripe retries for days; locally a few quick tries are enough). */
  webhookAttempts?: number;
}

export interface FakeGatewayServer {
  url: string;
  /** Resolves once every webhook delivery started so far has finished (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_GATEWAY_BROWSER_PREFIX = '/fake-gateway/';
const MAX_BODY_BYTES = 16 * 1024;

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String((body.error as { message?: string } | undefined)?.message ?? status));
  }
}
const problem = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) =>
  new HttpProblem(status, { error: { type, message, ...extra } });

const newId = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export async function startFakeGateway(options: FakeGatewayOptions): Promise<FakeGatewayServer> {
  const log = options.log ?? ((message: string) => console.error(message));
  const attempts = options.webhookAttempts ?? 3;
  const intents = new Map<string, FakeIntentJson>();
  const byClientSecret = new Map<string, string>();
  /** Idempotency key -> the intent it made and the parameters it was made with (as Stripe keeps them). */
  const byKey = new Map<string, { intentId: string; params: string }>();
  const webhooks = signedWebhooks({ service: 'fake gateway', attempts, log });
  const refunds = billingDesk();
  // Cards on file and off-session charges (fake-saved-cards.ts), beside the PaymentIntents below.
  const savedCards = fakeSavedCards({ intents, byClientSecret, createIntent, sendEvent, problem });

  function createIntent(body: Record<string, unknown>, key: string | undefined): FakeIntentJson {
    const { paymentId, amountCents, currency, accountNumber, description } = body;
    if (typeof paymentId !== 'string' || paymentId === '') throw problem(400, 'invalid_request_error', 'paymentId');
    if (!Number.isSafeInteger(amountCents) || (amountCents as number) < 1) {
      throw problem(400, 'invalid_request_error', 'amountCents must be a positive integer of cents');
    }
    if (currency !== 'usd') throw problem(400, 'invalid_request_error', 'currency must be usd');
    const params = JSON.stringify([paymentId, amountCents, currency, accountNumber, description]);
    // Check and insert with no await between them: concurrent creates with one key make one intent.
    const earlier = key === undefined ? undefined : byKey.get(key);
    if (earlier) {
      if (earlier.params !== params) {
        throw problem(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return intents.get(earlier.intentId)!;
    }
    const id = newId('pi_fake_', 12);
    const intent: FakeIntentJson = {
      id,
      clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      status: 'requires_payment_method',
      amountCents: amountCents as number,
      currency,
      paymentId,
      accountNumber: String(accountNumber ?? ''),
      description: String(description ?? ''),
    };
    intents.set(id, intent);
    byClientSecret.set(intent.clientSecret, id);
    if (key !== undefined) byKey.set(key, { intentId: id, params });
    return intent;
  }

  function intentById(id: string): FakeIntentJson {
    const intent = intents.get(id);
    if (!intent) throw problem(404, 'invalid_request_error', `No such payment_intent: '${id.slice(0, 80)}'`);
    return intent;
  }

  function cancel(intent: FakeIntentJson): FakeIntentJson {
    if (intent.status === 'succeeded') {
      throw problem(
        400,
        'invalid_request_error',
        'You cannot cancel this PaymentIntent because it has a status of succeeded.',
        { code: 'payment_intent_unexpected_state' },
      );
    }
    intent.status = 'canceled';
    return intent;
  }

  /** The test card form's confirm: the card decides, the intent records the outcome, an event follows. */
  function confirm(body: Record<string, unknown>): { status: number; body: Record<string, unknown> } {
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const intentId = byClientSecret.get(field('clientSecret'));
    if (!intentId) throw problem(404, 'invalid_request_error', 'No such payment_intent.');
    const intent = intentById(intentId);
    if (intent.status !== 'requires_payment_method') {
      throw problem(
        400,
        'invalid_request_error',
        intent.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const input = { cardNumber: field('cardNumber'), expiry: field('expiry'), cvc: field('cvc') };
    const invalid = cardFormProblem(input);
    // Incomplete details never reach a card network: nothing changes, no event (as in Stripe.js).
    if (invalid) throw problem(400, 'validation_error', invalid.message, { param: invalid.field });
    const decline = testCardDecline(input.cardNumber);
    if (!decline) {
      intent.status = 'succeeded';
      delete intent.failureMessage;
      sendEvent('payment_intent.succeeded', intent);
      return { status: 200, body: { status: intent.status } };
    }
    // Like Stripe: a declined intent waits for another card, with the reason of this decline.
    intent.failureMessage = decline.message;
    sendEvent('payment_intent.payment_failed', intent);
    return {
      status: 402,
      body: {
        status: intent.status,
        error: {
          type: 'card_error',
          code: decline.code,
          ...('declineCode' in decline && decline.declineCode ? { decline_code: decline.declineCode } : {}),
          message: decline.message,
        },
      },
    };
  }

  function sendEvent(type: FakeEventJson['type'], intent: FakeIntentJson): void {
    post({ id: newId('evt_fake_', 12), type, created: Math.floor(Date.now() / 1000), data: { object: { ...intent } } });
  }

  function post(event: FakeEventJson | FakeDisputeEventJson): void {
    if (!options.webhookUrl) return;
    const payload = JSON.stringify(event);
    void webhooks.send({
      url: options.webhookUrl,
      payload,
      headers: () => ({
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signWebhookPayload(payload, options.webhookSecret),
      }),
      label: `${event.type} ${event.id}`,
    });
  }

  /** Refunds and disputes (the billing desk): kept apart from the intents' lifecycle above. */
  function billingDesk() {
    const refundsOf = new Map<string, FakeRefundJson[]>();
    const refundByKey = new Map<string, { refund: FakeRefundJson; params: string }>();
    const disputes = new Map<string, FakeDisputeJson>();

    function refund(body: Record<string, unknown>, key: string | undefined): FakeRefundJson {
      const { intentId, amountCents, refundId, paymentId } = body;
      const intent = intentById(String(intentId ?? ''));
      if (!Number.isSafeInteger(amountCents) || (amountCents as number) < 1)
        throw problem(400, 'invalid_request_error', 'amountCents must be a positive integer of cents');
      const params = JSON.stringify([intentId, amountCents, refundId, paymentId]);
      const earlier = key === undefined ? undefined : refundByKey.get(key);
      if (earlier) {
        if (earlier.params !== params)
          throw problem(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        return earlier.refund;
      }
      if (intent.status !== 'succeeded')
        throw problem(400, 'invalid_request_error', `This PaymentIntent has a status of ${intent.status}.`);
      if ([...disputes.values()].some((d) => d.intentId === intent.id && d.status === 'open'))
        throw problem(400, 'invalid_request_error', 'This charge is disputed and cannot be refunded.', {
          code: 'charge_disputed',
        });
      const done = (refundsOf.get(intent.id) ?? []).reduce((sum, r) => sum + r.amountCents, 0);
      if (done + (amountCents as number) > intent.amountCents)
        throw problem(
          400,
          'invalid_request_error',
          `Refund amount ($${((amountCents as number) / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amountCents - done) / 100).toFixed(2)})`,
          { code: 'amount_too_large' },
        );
      const made: FakeRefundJson = {
        id: newId('re_fake_', 12),
        intentId: intent.id,
        amountCents: amountCents as number,
        status: 'succeeded',
      };
      refundsOf.set(intent.id, [...(refundsOf.get(intent.id) ?? []), made]);
      if (key !== undefined) refundByKey.set(key, { refund: made, params });
      return made;
    }

    function disputeEvent(type: FakeDisputeEventJson['type'], dispute: FakeDisputeJson) {
      post({
        id: newId('evt_fake_', 12),
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...dispute } },
      });
    }

    function openDispute(intent: FakeIntentJson, body: Record<string, unknown>): FakeDisputeJson {
      if (intent.status !== 'succeeded')
        throw problem(400, 'invalid_request_error', 'Only a succeeded payment can be disputed.');
      const dispute: FakeDisputeJson = {
        id: newId('dp_fake_', 12),
        object: 'dispute',
        intentId: intent.id,
        amountCents: intent.amountCents,
        reason: typeof body['reason'] === 'string' && body['reason'] ? body['reason'].slice(0, 40) : 'fraudulent',
        status: 'open',
      };
      disputes.set(dispute.id, dispute);
      disputeEvent('charge.dispute.created', dispute);
      return dispute;
    }

    function closeDispute(id: string, body: Record<string, unknown>): FakeDisputeJson {
      const dispute = disputes.get(id);
      if (!dispute) throw problem(404, 'invalid_request_error', `No such dispute: '${id.slice(0, 80)}'`);
      const outcome = body['outcome'];
      if (outcome !== 'won' && outcome !== 'lost')
        throw problem(400, 'invalid_request_error', "outcome is 'won' or 'lost'");
      dispute.status = outcome;
      disputeEvent('charge.dispute.closed', dispute);
      return dispute;
    }

    /** Answers a refund or dispute request, or undefined when the path is not one of them. */
    function serve(path: string, body: Record<string, unknown>, key: string | string[] | undefined) {
      if (path === '/v1/refunds') return refund(body, typeof key === 'string' && key !== '' ? key : undefined);
      const open = /^\/v1\/intents\/([^/]+)\/dispute$/.exec(path);
      if (open) return openDispute(intentById(decodeURIComponent(open[1]!)), body);
      const close = /^\/v1\/disputes\/([^/]+)\/close$/.exec(path);
      if (close) return closeDispute(decodeURIComponent(close[1]!), body);
      return undefined;
    }
    return { serve };
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = originFormUrl(req.url);
    if (!url) throw problem(400, 'invalid_request_error', 'Bad request');
    const path = url.pathname;
    if (req.method === 'GET') {
      const match = /^\/v1\/intents\/([^/]+)$/.exec(path);
      if (match) return send(res, 200, intentById(decodeURIComponent(match[1]!)));
      const saved = savedCards.serve('GET', path, {}, undefined);
      if (saved) return send(res, saved.status, saved.body);
      throw problem(404, 'invalid_request_error', 'Unrecognized request URL');
    }
    if (req.method !== 'POST') throw problem(405, 'invalid_request_error', 'Method not allowed');
    // JSON only: a cross-origin page cannot send that without a preflight, which this service never grants.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '') && !/\/cancel$/.test(path)) {
      throw problem(415, 'invalid_request_error', 'Send JSON (content-type application/json)');
    }
    const body = await readJson(req);
    if (path === '/v1/intents') {
      const key = req.headers['idempotency-key'];
      return send(res, 200, createIntent(body, typeof key === 'string' && key !== '' ? key : undefined));
    }
    const billing = refunds.serve(path, body, req.headers['idempotency-key']);
    if (billing) return send(res, 200, billing);
    const cancelMatch = /^\/v1\/intents\/([^/]+)\/cancel$/.exec(path);
    if (cancelMatch) return send(res, 200, cancel(intentById(decodeURIComponent(cancelMatch[1]!))));
    if (path === `${FAKE_GATEWAY_BROWSER_PREFIX}confirm`) {
      const answer = confirm(body);
      return send(res, answer.status, answer.body);
    }
    const key = req.headers['idempotency-key'];
    const saved = savedCards.serve('POST', path, body, typeof key === 'string' && key !== '' ? key : undefined);
    if (saved) return send(res, saved.status, saved.body);
    throw problem(404, 'invalid_request_error', 'Unrecognized request URL');
  }

  const server: Server = createServer(
    guardRequests(
      'fake gateway',
      async (req, res) => {
        try {
          await serve(req, res);
        } catch (error) {
          // An expected refusal is an answer, not a failure to log (and its message holds no card data).
          if (!(error instanceof HttpProblem)) throw error;
          send(res, error.status, error.body);
        }
      },
      { fail: (_req, res) => send(res, 500, { error: { type: 'api_error', message: 'Internal error' } }), log },
    ),
  );
  const listening = await listenOnLoopback(server, options.port);
  return {
    url: listening.url,
    idle: () => webhooks.idle(),
    close: async () => {
      webhooks.close();
      await listening.close();
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The request's JSON object; any other body is a 400 whose message quotes nothing of it (it may hold a card). */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw problem(413, 'invalid_request_error', 'The request is too large');
    chunks.push(chunk);
  }
  if (size === 0) return {};
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the fixed message
  }
  throw problem(400, 'invalid_request_error', 'The request body is not a JSON object');
}
