import { randomUUID } from 'node:crypto';
import { fetchWithRetry, HTTP_TIMEOUT_MS } from './http-retry';

/**
 * Calls to Stripe's REST API (v1) with Node's own `fetch`, in place of the `stripe` SDK, which was 246 KB of
 * every payment function's bundle and 70 ms of its import (docs/decisions/0073-lambda-bundles.md). What goes over
 * the wire is what the SDK sent: form-encoded bodies, a Bearer secret key, a pinned `Stripe-Version`, an
 * `Idempotency-Key` on every POST, and the SDK's retry rule.
 */

/** The API version stripe-node 23.1.0 pins; the responses this adapter reads have its shape. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeApiOptions {
  /** `sk_live_...` / `sk_test_...` (or a restricted `rk_...`). Never logged. */
  secretKey: string;
  /** Only for tests: a local HTTP double of the Stripe API instead of https://api.stripe.com. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
}

/** A request's parameters; nested objects become `key[inner]` form fields, undefined values are left out. */
export interface FormParams {
  readonly [key: string]: string | number | boolean | undefined | FormParams;
}

/** Stripe's form encoding (what the SDK's stringifier produces): `metadata[paymentId]=pay-1&...`. */
export function formEncode(params: FormParams): string {
  const form = new URLSearchParams();
  const add = (prefix: string, value: FormParams[string]) => {
    if (value === undefined) return;
    if (typeof value !== 'object') return form.append(prefix, String(value));
    for (const [key, inner] of Object.entries(value)) add(`${prefix}[${key}]`, inner);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form.toString();
}

/** What the SDK's error classes told apart (StripeCardError, StripeIdempotencyError, ...). */
export type StripeErrorKind =
  'card' | 'invalid-request' | 'idempotency' | 'rate-limit' | 'authentication' | 'permission' | 'api' | 'connection';

/** A failed call. The message is Stripe's own (or the SDK's wording for a connection failure). */
export class StripeApiError extends Error {
  constructor(
    message: string,
    readonly kind: StripeErrorKind,
    readonly statusCode?: number,
    readonly code?: string,
  ) {
    super(message, { cause: outageOf(kind, statusCode) });
    this.name = 'StripeApiError';
  }
}

/**
 * What an outage means for the caller, as the cause lambdas/http/service-failures.ts reads (a 503 with
 * Retry-After instead of a 500): Stripe unreachable or slow, its own 5xx, or its rate limit. A bare name,
 * never the failed request.
 */
function outageOf(kind: StripeErrorKind, status: number | undefined): { name: string } | undefined {
  if (kind === 'connection') return { name: 'ServiceUnavailable' };
  if (kind === 'rate-limit') return { name: 'TooManyRequestsException' };
  if (status !== undefined && status >= 500) return { name: 'ServiceUnavailable' };
  return undefined;
}

interface StripeErrorBody {
  error?: { type?: string; code?: string; message?: string };
}

/** The SDK's mapping of an error answer to its error class (generateV1Error). */
function kindOf(status: number, body: StripeErrorBody['error']): StripeErrorKind {
  if (status === 429 || (status === 400 && body?.code === 'rate_limit')) return 'rate-limit';
  if (status === 400 || status === 404) return body?.type === 'idempotency_error' ? 'idempotency' : 'invalid-request';
  if (status === 401) return 'authentication';
  if (status === 402) return 'card';
  if (status === 403) return 'permission';
  return 'api';
}

/**
 * The SDK's rule (RequestSender._shouldRetry): Stripe's `Stripe-Should-Retry` header decides when present;
 * otherwise a 409 (the same idempotency key still in flight) and any 5xx are retried, nothing else (not a 429).
 */
function shouldRetry(response: Response): boolean {
  const advice = response.headers.get('stripe-should-retry');
  if (advice === 'false') return false;
  if (advice === 'true') return true;
  return response.status === 409 || response.status >= 500;
}

export interface StripeApi {
  /**
   * One call, retried once on a network error or a retryable answer; a POST carries `idempotencyKey` (a fresh
   * one when none is given), the same on the retry, so Stripe applies it once.
   */
  request<T>(method: 'GET' | 'POST', path: string, params?: FormParams, idempotencyKey?: string): Promise<T>;
}

export function stripeApi(options: StripeApiOptions): StripeApi {
  const port = options.port === undefined ? '' : `:${options.port}`;
  const base = `${options.protocol ?? 'https'}://${options.host ?? 'api.stripe.com'}${port}`;

  return {
    async request<T>(method: 'GET' | 'POST', path: string, params: FormParams = {}, idempotencyKey?: string) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: `Bearer ${options.secretKey}`,
        'stripe-version': STRIPE_API_VERSION,
        'user-agent': 'lenslab-portal',
      };
      let body: string | undefined;
      if (method === 'POST') {
        body = formEncode(params);
        headers['content-type'] = 'application/x-www-form-urlencoded';
        headers['idempotency-key'] = idempotencyKey ?? `lenslab-retry-${randomUUID()}`;
      }
      // Within API Gateway's 29 s, with the SDK's half-second pause (http-retry.ts).
      const { response, retries } = await fetchWithRetry(
        `${base}${path}`,
        { method, headers, body },
        { retryable: shouldRetry, failed: connectionError },
      );
      return (await answerOf(response, retries)) as T;
    },
  };
}

/** The SDK's messages; the cause (which may quote the request) is not kept. */
function connectionError(error: unknown, retries: number): StripeApiError {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return new StripeApiError(
    timedOut
      ? `Request aborted due to timeout being reached (${HTTP_TIMEOUT_MS}ms)`
      : `An error occurred with our connection to Stripe.${retries > 0 ? ` Request was retried ${retries} times.` : ''}`,
    'connection',
  );
}

async function answerOf(response: Response, retries: number): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw connectionError(error, retries);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new StripeApiError('Invalid JSON received from the Stripe API', 'api', response.status);
  }
  const failure = (json as StripeErrorBody | null)?.error;
  if (response.ok && !failure) return json;
  throw new StripeApiError(
    failure?.message ?? `Stripe answered ${response.status}`,
    kindOf(response.status, failure),
    response.status,
    failure?.code,
  );
}
