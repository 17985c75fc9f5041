import type { Carrier } from '../ports/parcel-tracking';
import { fetchWithRetry, HTTP_TIMEOUT_MS } from './http-retry';

/**
 * Calls to EasyPost's REST API (v2) with Node's own `fetch`, in place of the `@easypost/api` SDK, which would bring
 * superagent and every EasyPost service into the bundle of each function that tracks a parcel
 * (docs/decisions/0073-lambda-bundles.md). Only what the portal uses: create and retrieve a tracker. What goes over
 * the wire is what the SDK sends: JSON bodies, the API key as the Basic auth user with no password.
 */

export const EASYPOST_BASE_URL = 'https://api.easypost.com';

/** The carrier names EasyPost's API takes and answers (its carrier list spells them so). */
export const EASYPOST_CARRIERS: Readonly<Record<Carrier, string>> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS' };

export interface EasyPostApiOptions {
  /** A production or test API key. Never logged. */
  apiKey: string;
  /** Another base URL than https://api.easypost.com: the fake carrier, or a test's local double. */
  baseUrl?: string | undefined;
}

/** One scan of the parcel, as EasyPost's TrackingDetail. */
export interface EasyPostTrackingDetail {
  object?: 'TrackingDetail';
  message?: string | null;
  description?: string | null;
  status?: string | null;
  status_detail?: string | null;
  /** ISO time of the scan: UTC, or with the scan's local offset when EasyPost knows the place. */
  datetime?: string | null;
  source?: string | null;
  tracking_location?: Record<string, string | null> | null;
}

/** The fields of EasyPost's Tracker the portal reads (and the fake carrier writes). */
export interface EasyPostTracker {
  id: string;
  object: 'Tracker';
  mode?: 'test' | 'production';
  tracking_code: string;
  /** unknown, pre_transit, in_transit, out_for_delivery, delivered, available_for_pickup, return_to_sender, failure, cancelled, error */
  status: string;
  status_detail?: string | null;
  carrier: string;
  /** Ounces, a float: EasyPost writes it with its `.0` (the webhook signature covers those bytes). */
  weight?: number | null;
  tracking_details?: EasyPostTrackingDetail[] | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/** A webhook call's body: EasyPost's Event, its `result` the object that changed. */
export interface EasyPostEvent {
  id: string;
  object: 'Event';
  mode?: 'test' | 'production';
  /** `tracker.created`, `tracker.updated`, `batch.created`, ... */
  description: string;
  result?: unknown;
  previous_attributes?: Record<string, unknown> | null;
  created_at?: string;
  updated_at?: string;
}

/** The SDK's error classes, by status (ErrorHandler.handleApiError), plus a network failure. */
export type EasyPostErrorKind =
  | 'redirect'
  | 'bad-request'
  | 'authentication'
  | 'payment'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'timeout'
  | 'invalid-request'
  | 'rate-limit'
  | 'api'
  | 'connection';

/** A failed call. The message is EasyPost's own (or a fixed one for a connection failure), never the request. */
export class EasyPostApiError extends Error {
  constructor(
    message: string,
    readonly kind: EasyPostErrorKind,
    readonly statusCode?: number,
    readonly code?: string,
  ) {
    super(message, { cause: outageOf(kind, statusCode) });
    this.name = 'EasyPostApiError';
  }
}

/**
 * What an outage means for the caller, as lambdas/http/service-failures.ts reads the cause (a 503 with
 * Retry-After instead of a 500): EasyPost unreachable or slow, its own 5xx, or its rate limit.
 */
function outageOf(kind: EasyPostErrorKind, status: number | undefined): { name: string } | undefined {
  if (kind === 'connection' || kind === 'timeout') return { name: 'ServiceUnavailable' };
  if (kind === 'rate-limit') return { name: 'TooManyRequestsException' };
  if (status !== undefined && status >= 500) return { name: 'ServiceUnavailable' };
  return undefined;
}

const KIND_BY_STATUS: Readonly<Record<number, EasyPostErrorKind>> = {
  400: 'bad-request',
  401: 'authentication',
  402: 'payment',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  408: 'timeout',
  422: 'invalid-request',
  429: 'rate-limit',
};

function kindOf(status: number): EasyPostErrorKind {
  if (status >= 300 && status < 400) return 'redirect';
  return KIND_BY_STATUS[status] ?? 'api';
}

/**
 * A network error, a 5xx or a 429 is tried once more; no other answer is (a 4xx would fail the same way). Creating
 * a tracker twice is safe: EasyPost answers the first tracker for the same carrier and code.
 */
const retryable = (status: number) => status >= 500 || status === 429;

export interface EasyPostApi {
  /** `POST /v2/trackers`; EasyPost answers the tracker it made first for the same carrier and code. */
  createTracker(carrier: Carrier, trackingCode: string): Promise<EasyPostTracker>;
  /** `GET /v2/trackers/:id`. */
  retrieveTracker(trackerId: string): Promise<EasyPostTracker>;
}

export function easyPostApi(options: EasyPostApiOptions): EasyPostApi {
  const base = (options.baseUrl ?? EASYPOST_BASE_URL).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`, 'utf8').toString('base64')}`;

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization,
      'user-agent': 'lenslab-portal',
    };
    let payload: string | undefined;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    // Within API Gateway's 29 s, as the Stripe client (http-retry.ts).
    const { response, retries } = await fetchWithRetry(
      `${base}${path}`,
      {
        method,
        headers,
        body: payload,
        // A redirect is an error, as the SDK's RedirectError: the key is never sent on to another address.
        redirect: 'manual',
      },
      { retryable: (answer) => retryable(answer.status), failed: connectionError },
    );
    return (await answerOf(response, retries)) as T;
  }

  return {
    createTracker: (carrier, trackingCode) =>
      request<EasyPostTracker>('POST', '/v2/trackers', {
        tracker: { tracking_code: trackingCode, carrier: EASYPOST_CARRIERS[carrier] },
      }),
    retrieveTracker: (trackerId) => request<EasyPostTracker>('GET', `/v2/trackers/${encodeURIComponent(trackerId)}`),
  };
}

/** Fixed messages: the cause (which may quote the request and its key) is not kept. */
function connectionError(error: unknown, retries: number): EasyPostApiError {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  const tried = retries > 0 ? ` Request was retried ${retries} times.` : '';
  return new EasyPostApiError(
    timedOut
      ? `EasyPost did not answer within ${HTTP_TIMEOUT_MS} ms.${tried}`
      : `An error occurred with our connection to EasyPost.${tried}`,
    timedOut ? 'timeout' : 'connection',
  );
}

interface EasyPostErrorBody {
  error?: { code?: unknown; message?: unknown; errors?: unknown };
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
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const failure = (json as EasyPostErrorBody | null | undefined)?.error;
  if (response.ok) {
    if (json === undefined) throw new EasyPostApiError('Invalid JSON received from the EasyPost API', 'api', 200);
    return json;
  }
  const message = failure ? messageOf(failure.message) : '';
  throw new EasyPostApiError(
    message || `EasyPost answered ${response.status}`,
    kindOf(response.status),
    response.status,
    typeof failure?.code === 'string' ? failure.code : undefined,
  );
}

/** EasyPost's message may be a string or a nest of them (per field); the SDK joins every string it finds. */
function messageOf(value: unknown): string {
  const parts: string[] = [];
  const walk = (item: unknown) => {
    if (typeof item === 'string') parts.push(item);
    else if (typeof item === 'number' || typeof item === 'boolean') parts.push(String(item));
    else if (item && typeof item === 'object') Object.values(item).forEach(walk);
  };
  walk(value);
  return parts.join(', ').slice(0, 500);
}
