import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { cardFormProblem, testCardDecline } from '../../core/rules/test-cards';
import type { FakeEventJson, FakeIntentJson } from '../../lambdas/adapters/fake-payment-gateway';
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
    if (!options.webhookUrl) return;
    const event: FakeEventJson = {
      id: newId('evt_fake_', 12),
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...intent } },
    };
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
