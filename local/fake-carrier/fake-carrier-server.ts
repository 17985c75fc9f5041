import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  EASYPOST_CARRIERS,
  type EasyPostEvent,
  type EasyPostTracker,
  type EasyPostTrackingDetail,
} from '../../lambdas/adapters/easypost-api';
import { EASYPOST_SIGNATURE_HEADER, signEasyPostPayload } from '../../lambdas/adapters/easypost-webhook-signature';
import { listenOnLoopback } from '../process/listen-on-loopback';
import { guardRequests, originFormUrl } from '../process/request-guard';
import { signedWebhooks } from '../signed-webhooks';

/**
 * The fake carrier of the local stack and the tests (docs/local-stack.md "The fake carrier"): EasyPost's trackers
 * in memory, behind the same port and the same adapter as EasyPost (lambdas/adapters/fake-parcel-tracking.ts).
 *
 * - `POST /v2/trackers` `{ tracker: { tracking_code, carrier } }` and `GET /v2/trackers/:id`, with Basic auth: the
 *   subset of EasyPost's API the portal calls, so one client and one HTTP double shape serve both.
 * - `POST /fake-carrier/advance` `{ trackingNumber, status?, carrier? }`: moves a parcel one step, or to the given
 *   status (EasyPost's name, or the portal's `exception` / `returned`), for demos and tests.
 *
 * Parcels move by themselves every `stepMs`: pre_transit, in_transit, out_for_delivery, delivered. A tracking
 * number ending in "0000" is lost: it stalls at in_transit (the claim flow's demo) until advanced by hand. After
 * every move a `tracker.updated` Event goes to `webhookUrl`, signed with EasyPost's scheme, one parcel's events in
 * order. Loopback only; the Host header is checked (local/process/request-guard.ts).
 */
export interface FakeCarrierOptions {
  port: number;
  /** Signs the webhook events; the fake adapter verifies with the same value (FAKE_CARRIER_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where events go (the portal's parcel webhook route); without it no events are sent. */
  webhookUrl?: string | undefined;
  /** Time between two moves of a parcel; FAKE_CARRIER_STEP_MS by default. */
  stepMs?: number;
  /** False: parcels move only when advanced (tests that want every move by hand). */
  autoAdvance?: boolean;
  /** Tries per event before giving up (EasyPost retries for days; locally a few quick tries are enough). */
  webhookAttempts?: number;
  /** When set, the Basic auth user must be this key (EasyPost's 401 otherwise); any key is taken without it. */
  apiKey?: string;
  log?: (message: string) => void;
}

export interface FakeCarrierServer {
  url: string;
  /** Resolves once every webhook delivery started so far has finished (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The local stack's pace: a parcel is delivered about a minute and a half after it ships. */
export const FAKE_CARRIER_STEP_MS = 30_000;
/** A tracking number ending so is lost in transit. */
export const LOST_PARCEL_SUFFIX = '0000';
export const FAKE_CARRIER_ADVANCE_PATH = '/fake-carrier/advance';

/** The way a parcel goes by itself; any other status is reached only by an advance that names it. */
const STEPS = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered'] as const;
const EASYPOST_STATUSES = new Set([
  ...STEPS,
  'unknown',
  'available_for_pickup',
  'return_to_sender',
  'failure',
  'cancelled',
  'error',
]);
/** The portal's words for the two statuses EasyPost names otherwise, so a demo can say either. */
const STATUS_ALIASES: Readonly<Record<string, string>> = { exception: 'failure', returned: 'return_to_sender' };
/** What a scan of each status says, and EasyPost's status_detail for it. */
const SCANS: Readonly<Record<string, { message: string; detail: string }>> = {
  pre_transit: { message: 'Shipping label created, awaiting item', detail: 'label_created' },
  in_transit: { message: 'Arrived at carrier facility', detail: 'arrived_at_facility' },
  out_for_delivery: { message: 'Out for delivery', detail: 'out_for_delivery' },
  delivered: { message: 'Delivered, front desk', detail: 'arrived_at_destination' },
  available_for_pickup: { message: 'Available for pickup at the carrier facility', detail: 'status_update' },
  return_to_sender: { message: 'Returned to sender', detail: 'return' },
  failure: { message: 'Delivery attempt failed, no access to delivery location', detail: 'status_update' },
  cancelled: { message: 'Shipment cancelled by the sender', detail: 'status_update' },
  error: { message: 'Tracking information is not available', detail: 'unknown' },
  unknown: { message: 'Status not available', detail: 'unknown' },
};
const FINAL = new Set(['delivered', 'return_to_sender', 'cancelled']);
const MAX_BODY_BYTES = 16 * 1024;
const TRACKING_CODE = /^[A-Za-z0-9]{4,40}$/;

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const newId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

interface Parcel {
  tracker: EasyPostTracker;
  timer?: NodeJS.Timeout | undefined;
  /** The last delivery of this parcel's events: the next waits for it, so they arrive in order. */
  delivering: Promise<void>;
}

export async function startFakeCarrier(options: FakeCarrierOptions): Promise<FakeCarrierServer> {
  const log = options.log ?? ((message: string) => console.error(message));
  const stepMs = options.stepMs ?? FAKE_CARRIER_STEP_MS;
  if (!(stepMs > 0)) throw new Error('stepMs must be a positive number of milliseconds');
  const autoAdvance = options.autoAdvance ?? true;
  const attempts = options.webhookAttempts ?? 3;
  const parcels = new Map<string, Parcel>();
  /** Carrier and tracking code -> tracker id: EasyPost's dedupe of creates. */
  const byCode = new Map<string, string>();
  const webhooks = signedWebhooks({ service: 'fake carrier', attempts, log });
  let lastTime = 0;
  let closed = false;

  /** Strictly increasing times, so two moves within one millisecond still order. */
  function now(): string {
    lastTime = Math.max(Date.now(), lastTime + 1);
    return new Date(lastTime).toISOString();
  }

  function authorize(req: IncomingMessage): void {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
    const user = match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':', 1)[0] : '';
    if (!user)
      throw new HttpProblem(401, 'APIKEY.REQUIRED', 'An API key is required (HTTP Basic auth, the key as user)');
    if (options.apiKey !== undefined && user !== options.apiKey) {
      throw new HttpProblem(401, 'APIKEY.INVALID', 'The API key provided is invalid');
    }
  }

  function createTracker(body: Record<string, unknown>): EasyPostTracker {
    const params = body.tracker as Record<string, unknown> | undefined;
    const code = params?.tracking_code;
    const carrier = params?.carrier;
    if (typeof code !== 'string' || !TRACKING_CODE.test(code)) {
      throw new HttpProblem(422, 'TRACKER.TRACKING_CODE.INVALID', 'tracking_code must be 4 to 40 letters or digits');
    }
    if (typeof carrier !== 'string' || !Object.values(EASYPOST_CARRIERS).includes(carrier)) {
      throw new HttpProblem(
        422,
        'TRACKER.CARRIER.INVALID',
        `carrier must be one of ${Object.values(EASYPOST_CARRIERS).join(', ')}`,
      );
    }
    // Check and insert with no await between them: concurrent creates of one parcel make one tracker.
    const key = `${carrier}\n${code}`;
    const existing = byCode.get(key);
    if (existing) return parcels.get(existing)!.tracker;
    const at = now();
    const tracker: EasyPostTracker & Record<string, unknown> = {
      id: newId('trk_'),
      object: 'Tracker',
      mode: 'test',
      tracking_code: code,
      status: 'pre_transit',
      status_detail: SCANS.pre_transit!.detail,
      carrier,
      // No weight: EasyPost writes a whole weight as 136.0 and JSON.stringify as 136 (easypost-webhook-signature.ts).
      weight: null,
      signed_by: null,
      est_delivery_date: null,
      shipment_id: null,
      public_url: null,
      carrier_detail: null,
      fees: [],
      finalized: false,
      is_return: false,
      tracking_details: [scanOf('pre_transit', at, carrier)],
      created_at: at,
      updated_at: at,
    };
    const parcel: Parcel = { tracker, delivering: Promise.resolve() };
    parcels.set(tracker.id, parcel);
    byCode.set(key, tracker.id);
    schedule(parcel);
    return tracker;
  }

  /** The next move by itself, unless the parcel is done, lost, or moves only by hand. */
  function schedule(parcel: Parcel): void {
    clearTimeout(parcel.timer);
    parcel.timer = undefined;
    const { status, tracking_code: code } = parcel.tracker;
    const next = nextStep(status);
    if (!autoAdvance || closed || !next) return;
    if (status === 'in_transit' && code.endsWith(LOST_PARCEL_SUFFIX)) return;
    parcel.timer = setTimeout(() => {
      parcel.timer = undefined;
      move(parcel, next);
    }, stepMs);
  }

  function move(parcel: Parcel, status: string): void {
    const { tracker } = parcel;
    const previous = tracker.status;
    const at = now();
    const scan = scanOf(status, at, tracker.carrier);
    tracker.status = status;
    tracker.status_detail = scan.status_detail ?? null;
    tracker.tracking_details = [...(tracker.tracking_details ?? []), scan];
    tracker.updated_at = at;
    Object.assign(tracker, { finalized: FINAL.has(status), is_return: status === 'return_to_sender' });
    if (status === 'delivered') Object.assign(tracker, { signed_by: 'FRONT DESK' });
    sendEvent(parcel, previous);
    schedule(parcel);
  }

  function advance(body: Record<string, unknown>): EasyPostTracker {
    const number = body.trackingNumber;
    if (typeof number !== 'string' || number === '') throw new HttpProblem(400, 'PARAMETER.REQUIRED', 'trackingNumber');
    const carrierName = carrierNameOf(body.carrier);
    const matching = [...parcels.values()].filter(
      (p) => p.tracker.tracking_code === number && (carrierName === undefined || p.tracker.carrier === carrierName),
    );
    if (matching.length === 0) throw new HttpProblem(404, 'NOT_FOUND', 'No parcel is tracked with that number');
    if (matching.length > 1) {
      throw new HttpProblem(409, 'PARCEL.AMBIGUOUS', 'Several carriers track that number: name the carrier');
    }
    const parcel = matching[0]!;
    let status: string | undefined;
    if (body.status === undefined) {
      status = nextStep(parcel.tracker.status);
      if (!status) {
        throw new HttpProblem(
          409,
          'PARCEL.NO_NEXT_STEP',
          `The parcel is ${parcel.tracker.status} and has no next step: name the status to move it to`,
        );
      }
    } else {
      const named = typeof body.status === 'string' ? body.status.toLowerCase().replace(/-/g, '_') : '';
      status = STATUS_ALIASES[named] ?? named;
      if (!EASYPOST_STATUSES.has(status)) {
        throw new HttpProblem(400, 'PARAMETER.INVALID', `status must be one of ${[...EASYPOST_STATUSES].join(', ')}`);
      }
    }
    move(parcel, status);
    return parcel.tracker;
  }

  function sendEvent(parcel: Parcel, previousStatus: string): void {
    if (!options.webhookUrl) return;
    const at = parcel.tracker.updated_at ?? now();
    const event: EasyPostEvent & Record<string, unknown> = {
      id: newId('evt_'),
      object: 'Event',
      mode: 'test',
      description: 'tracker.updated',
      previous_attributes: { status: previousStatus },
      // A copy: the parcel moves on while this event waits its turn.
      result: structuredClone(parcel.tracker),
      status: 'pending',
      pending_urls: [options.webhookUrl],
      completed_urls: [],
      created_at: at,
      updated_at: at,
    };
    const payload = JSON.stringify(event);
    parcel.delivering = webhooks.send(
      {
        url: options.webhookUrl,
        payload,
        headers: () => ({
          'content-type': 'application/json',
          [EASYPOST_SIGNATURE_HEADER]: signEasyPostPayload(payload, options.webhookSecret),
        }),
        label: `${event.description} ${event.id}`,
      },
      parcel.delivering,
    );
  }

  function trackerById(id: string): EasyPostTracker {
    const parcel = parcels.get(id);
    if (!parcel) throw new HttpProblem(404, 'NOT_FOUND', 'The requested resource could not be found.');
    return parcel.tracker;
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = originFormUrl(req.url);
    if (!url) throw new HttpProblem(400, 'BAD_REQUEST', 'Bad request');
    const path = url.pathname;
    if (req.method === 'GET') {
      const match = /^\/v2\/trackers\/([^/]+)$/.exec(path);
      if (!match) throw new HttpProblem(404, 'NOT_FOUND', 'The requested resource could not be found.');
      authorize(req);
      return send(res, 200, trackerById(decodeURIComponent(match[1]!)));
    }
    if (req.method !== 'POST') throw new HttpProblem(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
    if (path !== '/v2/trackers' && path !== FAKE_CARRIER_ADVANCE_PATH) {
      throw new HttpProblem(404, 'NOT_FOUND', 'The requested resource could not be found.');
    }
    // JSON only: a cross-origin page cannot send that without a preflight, which this service never grants.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      throw new HttpProblem(415, 'BAD_REQUEST', 'Send JSON (content-type application/json)');
    }
    if (path === '/v2/trackers') {
      authorize(req);
      return send(res, 200, createTracker(await readJson(req)));
    }
    return send(res, 200, advance(await readJson(req)));
  }

  const server: Server = createServer(
    guardRequests(
      'fake carrier',
      async (req, res) => {
        try {
          await serve(req, res);
        } catch (error) {
          if (!(error instanceof HttpProblem)) throw error;
          send(res, error.status, { error: { code: error.code, message: error.message, errors: [] } });
        }
      },
      {
        fail: (_req, res) => send(res, 500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal error' } }),
        log,
      },
    ),
  );
  const listening = await listenOnLoopback(server, options.port);
  return {
    url: listening.url,
    idle: () => webhooks.idle(),
    close: async () => {
      closed = true;
      webhooks.close();
      for (const parcel of parcels.values()) clearTimeout(parcel.timer);
      await listening.close();
    },
  };
}

function nextStep(status: string): string | undefined {
  const index = (STEPS as readonly string[]).indexOf(status);
  return index >= 0 ? STEPS[index + 1] : undefined;
}

/** EasyPost's name of a carrier, from it or from the portal's id (`usps`); undefined when none is named. */
function carrierNameOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const wanted = typeof value === 'string' ? value.toLowerCase() : '';
  const name = Object.values(EASYPOST_CARRIERS).find((carrier) => carrier.toLowerCase() === wanted);
  if (!name) throw new HttpProblem(400, 'PARAMETER.INVALID', 'carrier must be ups, fedex or usps');
  return name;
}

function scanOf(status: string, datetime: string, carrier: string): EasyPostTrackingDetail {
  const scan = SCANS[status] ?? SCANS.unknown!;
  return {
    object: 'TrackingDetail',
    message: scan.message,
    description: '',
    status,
    status_detail: scan.detail,
    datetime,
    source: carrier,
    tracking_location: { object: 'TrackingLocation', city: 'Portland', state: 'OR', country: 'US', zip: '97201' },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The request's JSON object; any other body is a 400 whose message quotes nothing of it. */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpProblem(413, 'BAD_REQUEST', 'The request is too large');
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the fixed message
  }
  throw new HttpProblem(400, 'BAD_REQUEST', 'The request body is not a JSON object');
}
