import { describeError } from '../../core/describe-error';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { invalidArgument } from '../../core/errors';
import type { RouteDefinition } from '../../core/route-definition';
import { WebhookSignatureError, type GatewayEvent, type PaymentGateway } from '../ports/payment-gateway';
import { inRequestContext } from './correlation-id';
import { errorAnswer } from './error-response';
import type { Logger } from '../ports/logger';
import { createLogger } from './logger';

/** The header the gateway signs its calls with (Stripe's name; the fake gateway sends the same). */
export const SIGNATURE_HEADER = 'stripe-signature';

/** Stripe's events are a few KB; anything far larger is not one of them. */
const MAX_BODY_BYTES = 256 * 1024;

export interface WebhookDeps {
  /** The gateway, or a function making it (the real one is made on the first call, not at import). */
  gateway: PaymentGateway | (() => PaymentGateway);
  log?: Logger;
}

/**
 * Wraps a `kind: 'webhook'` route (the card gateway's signed events) as an API Gateway (HTTP API, payload v2)
 * Lambda handler. No token: the gateway's signature over the raw body is the authentication, checked before
 * anything else. A missing, bad or too old signature is a 400 (the gateway stops retrying; a forger learns
 * nothing); a failure of ours is a 500, so the gateway retries later (handling an event twice changes nothing).
 * Logs hold the event id and type, never the body, the signature or any key.
 */
export function createWebhookHandler(
  route: RouteDefinition,
  handle: (event: GatewayEvent, log: Logger) => Promise<void>,
  deps: WebhookDeps,
) {
  if (route.kind !== 'webhook') throw new Error(`Route "${route.name}" is not a webhook route`);
  const baseLog = deps.log ?? createLogger({ route: route.name });
  const gatewayOf = () => (typeof deps.gateway === 'function' ? deps.gateway() : deps.gateway);

  // The emails an event sends log with its route and correlation id too (lambdas/http/log-context.ts).
  return inRequestContext(route.name, handleEvent);

  async function handleEvent(
    event: APIGatewayProxyEventV2,
    correlationId: string,
  ): Promise<APIGatewayProxyStructuredResultV2> {
    const headers = event.headers ?? {};
    const log = baseLog.child({ correlationId });
    const started = Date.now();
    let statusCode = 200;
    let body: unknown = { result: { received: true } };
    let eventId: string | undefined;
    let eventType: string | undefined;
    try {
      const rawBody = rawBodyOf(event);
      const verified = await verify(gatewayOf(), rawBody, signatureOf(headers));
      eventId = verified.eventId;
      eventType = verified.type;
      await handle(verified, log);
    } catch (error) {
      const answer = errorAnswer(error, correlationId);
      statusCode = answer.statusCode;
      body = answer.body;
      if (statusCode >= 500) {
        // Name and message only: a gateway SDK's error may carry the request (body, signature) as properties.
        log.error('webhook failed', {
          eventId,
          eventType,
          error: describeError(error),
        });
      }
    }
    log.info('webhook', { status: statusCode, eventId, eventType, ms: Date.now() - started });
    return {
      statusCode,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-correlation-id': correlationId,
      },
      body: JSON.stringify(body),
    };
  }
}

/** Verifies the signature; a signature problem becomes the 400 every caller sees, whatever the gateway said. */
async function verify(gateway: PaymentGateway, rawBody: string, signature: string | undefined) {
  if (!signature) throw invalidArgument('The webhook signature header is missing');
  try {
    return await gateway.verifyEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw invalidArgument(error.message);
    throw error;
  }
}

/** Header names arrive lowercased from API Gateway (payload v2); a direct invocation may not lowercase them. */
function signatureOf(headers: Record<string, string | undefined>): string | undefined {
  const value =
    headers[SIGNATURE_HEADER] ?? Object.entries(headers).find(([name]) => name.toLowerCase() === SIGNATURE_HEADER)?.[1];
  return value === '' ? undefined : value;
}

/**
 * The body exactly as the gateway signed it. API Gateway passes non-text bodies base64-encoded
 * (`isBase64Encoded`); those bytes are decoded as UTF-8, which is what the signature was computed over.
 */
function rawBodyOf(event: APIGatewayProxyEventV2): string {
  const body = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw invalidArgument('The webhook body is too large');
  return text;
}
