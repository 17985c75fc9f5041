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

/** What every verified event names, for the log line of each call. */
export interface VerifiedEvent {
  eventId: string;
  type: string;
}

/** A webhook call's headers, as API Gateway passes them. */
export type WebhookCallHeaders = Readonly<Record<string, string | undefined>>;

/**
 * How a route's calls are verified: the card gateway (its `stripe-signature` header), or any service's own check
 * over the raw body and the headers (the parcel-tracking service's). Both throw WebhookSignatureError.
 */
export type WebhookDeps<E extends VerifiedEvent> = { log?: Logger } & (
  | (E extends GatewayEvent
      ? {
          /** The gateway, or a function making it (the real one is made on the first call, not at import). */
          gateway: PaymentGateway | (() => PaymentGateway);
        }
      : never)
  | { verify: (rawBody: string, headers: WebhookCallHeaders) => Promise<E> }
);

/**
 * Wraps a `kind: 'webhook'` route (a service's signed events: the card gateway's, the parcel-tracking service's) as an API Gateway (HTTP API, payload v2)
 * Lambda handler. No token: the gateway's signature over the raw body is the authentication, checked before
 * anything else. A missing, bad or too old signature is a 400 (the gateway stops retrying; a forger learns
 * nothing); a failure of ours is a 500, so the gateway retries later (handling an event twice changes nothing).
 * Logs hold the event id and type, never the body, the signature or any key.
 */
export function createWebhookHandler<E extends VerifiedEvent = GatewayEvent>(
  route: RouteDefinition,
  handle: (event: E, log: Logger) => Promise<void>,
  deps: WebhookDeps<E>,
) {
  if (route.kind !== 'webhook') throw new Error(`Route "${route.name}" is not a webhook route`);
  const baseLog = deps.log ?? createLogger({ route: route.name });
  // A gateway is offered only when E is the gateway's event (WebhookDeps), so its verifier answers an E.
  const verifyCall = ('verify' in deps ? deps.verify : gatewayVerifier(deps.gateway)) as (
    rawBody: string,
    headers: WebhookCallHeaders,
  ) => Promise<E>;

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
      const verified = await signatureChecked(() => verifyCall(rawBody, headers));
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

/** The card gateway's check: its signature header over the raw body. */
function gatewayVerifier(gateway: PaymentGateway | (() => PaymentGateway)) {
  return (rawBody: string, headers: WebhookCallHeaders): Promise<GatewayEvent> => {
    const signature = signatureOf(headers);
    if (!signature) throw invalidArgument('The webhook signature header is missing');
    return (typeof gateway === 'function' ? gateway() : gateway).verifyEvent(rawBody, signature);
  };
}

/** A signature problem becomes the 400 every caller sees, whatever the service's check said. */
async function signatureChecked<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw invalidArgument(error.message);
    throw error;
  }
}

/** Header names arrive lowercased from API Gateway (payload v2); a direct invocation may not lowercase them. */
function signatureOf(headers: WebhookCallHeaders): string | undefined {
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
