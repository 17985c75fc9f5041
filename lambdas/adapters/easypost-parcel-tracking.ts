import { invalidArgument } from '../../core/errors';
import {
  WebhookSignatureError,
  type Carrier,
  type CarrierEvent,
  type ParcelSnapshot,
  type ParcelStatus,
  type ParcelTracking,
  type TrackRequest,
  type WebhookHeaders,
} from '../ports/parcel-tracking';
import {
  EASYPOST_CARRIERS,
  easyPostApi,
  EasyPostApiError,
  type EasyPostApiOptions,
  type EasyPostEvent,
  type EasyPostTracker,
  type EasyPostTrackingDetail,
} from './easypost-api';
import { verifyEasyPostSignature } from './easypost-webhook-signature';

/** The API key and the webhook secret come from Secrets Manager (parcel-tracking-from-env.ts). */
export interface EasyPostTrackingOptions extends EasyPostApiOptions {
  /** The webhook's `webhook_secret`, set when the lab registers the webhook URL. Never logged. */
  webhookSecret: string;
}

/** Said to the lab before EasyPost's own reason when EasyPost refuses a tracking number. */
export const TRACKING_REFUSED = 'The tracking service refused this tracking number:';

/** EasyPost's tracker statuses in the portal's words. */
const STATUS: Readonly<Record<string, ParcelStatus>> = {
  unknown: 'unknown',
  pre_transit: 'pre-transit',
  in_transit: 'in-transit',
  out_for_delivery: 'out-for-delivery',
  delivered: 'delivered',
  // Stopped short of the practice, waiting for someone to fetch it: the lab must hear of it, as of a failure.
  available_for_pickup: 'exception',
  return_to_sender: 'returned',
  failure: 'exception',
  // The carrier voided the shipment or cannot track the number: nothing will arrive unless the lab acts.
  cancelled: 'exception',
  error: 'exception',
};

/** An EasyPost tracker status as a ParcelStatus; a status EasyPost adds later is 'unknown' until mapped. */
export function parcelStatusOf(status: unknown): ParcelStatus {
  return (typeof status === 'string' && Object.hasOwn(STATUS, status) && STATUS[status]) || 'unknown';
}

const CARRIER_BY_NAME = new Map(
  Object.entries(EASYPOST_CARRIERS).map(([carrier, name]) => [name.toLowerCase(), carrier as Carrier]),
);

/** The portal's carrier for EasyPost's name of it; undefined for a carrier the lab does not ship with. */
export function carrierOf(name: unknown): Carrier | undefined {
  return typeof name === 'string' ? CARRIER_BY_NAME.get(name.toLowerCase()) : undefined;
}

/** A 400 or 422 about the number (unknown to the carrier, malformed) is the lab's input: a 400, never a 500. */
async function refusedAsBadRequest<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof EasyPostApiError && (error.kind === 'bad-request' || error.kind === 'invalid-request'))
      throw invalidArgument(`${TRACKING_REFUSED} ${error.message}`);
    throw error;
  }
}

/**
 * Parcel tracking through EasyPost trackers. `kind` is 'fake' when the same client talks to the fake carrier
 * (fake-parcel-tracking.ts), which speaks the same API and signs the same way.
 */
export function easyPostParcelTracking(
  options: EasyPostTrackingOptions,
  kind: ParcelTracking['kind'] = 'easypost',
): ParcelTracking {
  const api = easyPostApi(options);

  return {
    kind,

    async track(request: TrackRequest) {
      const tracker = await refusedAsBadRequest(() => api.createTracker(request.carrier, request.trackingNumber));
      return { trackerId: tracker.id, status: parcelStatusOf(tracker.status) };
    },

    async retrieve(trackerId: string) {
      const tracker = await api.retrieveTracker(trackerId);
      const snapshot = snapshotOf(tracker);
      if (!snapshot) throw new Error('EasyPost answered a tracker the portal cannot read');
      return snapshot;
    },

    async verifyEvent(rawBody: string, headers: WebhookHeaders): Promise<CarrierEvent> {
      verifyEasyPostSignature(rawBody, headers, options.webhookSecret);
      return carrierEventOf(parsedEvent(rawBody));
    },
  };
}

/** A signed body that is not an Event is refused like a bad signature: a 400 (the sender stops), never a 500. */
function parsedEvent(rawBody: string): EasyPostEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    // JSON.parse's message quotes the body: only a fixed message leaves.
    event = undefined;
  }
  const candidate = event as Partial<EasyPostEvent> | null | undefined;
  if (typeof candidate?.id !== 'string' || candidate.id === '' || typeof candidate.description !== 'string') {
    throw new WebhookSignatureError('The webhook body is not a valid event');
  }
  return candidate as EasyPostEvent;
}

/**
 * A tracker event as the port sees it. Events of other kinds, and trackers of carriers the portal does not use,
 * are 'other'. A tracker event whose tracker cannot be read is refused (a 400), as a body that is no event.
 */
export function carrierEventOf(event: EasyPostEvent): CarrierEvent {
  const other: CarrierEvent = { eventId: event.id, type: 'other', parcel: null };
  if (!event.description.startsWith('tracker.')) return other;
  const tracker = event.result as Partial<EasyPostTracker> | null | undefined;
  if (tracker?.object !== 'Tracker') throw new WebhookSignatureError('The webhook body is not a valid event');
  if (carrierOf(tracker.carrier) === undefined) return other;
  const snapshot = snapshotOf(tracker, event.created_at);
  if (!snapshot) throw new WebhookSignatureError('The webhook body is not a valid event');
  return { eventId: event.id, type: 'parcel', parcel: { eventId: event.id, ...snapshot } };
}

/** EasyPost's description, or its message (the carrier's words), on one line and short. */
const DESCRIPTION_MAX = 200;

/**
 * The tracker's state: its status, and the time and words of its newest scan (the list is usually oldest first,
 * but only the times are trusted). Without a scan, the time is the tracker's last change, then the event's.
 */
export function snapshotOf(tracker: Partial<EasyPostTracker>, eventTime?: string): ParcelSnapshot | undefined {
  const carrier = carrierOf(tracker.carrier);
  if (typeof tracker.id !== 'string' || !tracker.id || typeof tracker.tracking_code !== 'string' || !carrier) {
    return undefined;
  }
  const newest = newestDetail(tracker.tracking_details);
  const occurredAt = isoOf(newest?.datetime) ?? isoOf(tracker.updated_at) ?? isoOf(eventTime);
  if (!occurredAt) return undefined;
  return {
    trackerId: tracker.id,
    carrier,
    trackingNumber: tracker.tracking_code,
    status: parcelStatusOf(tracker.status),
    occurredAt,
    description: oneLine(newest?.message || newest?.description || ''),
  };
}

function newestDetail(details: unknown): EasyPostTrackingDetail | undefined {
  if (!Array.isArray(details)) return undefined;
  let newest: { detail: EasyPostTrackingDetail; at: number } | undefined;
  for (const detail of details as EasyPostTrackingDetail[]) {
    const at = Date.parse(isoOf(detail?.datetime) ?? '');
    // Later in the list wins a tie: EasyPost appends scans.
    if (!Number.isNaN(at) && (!newest || at >= newest.at)) newest = { detail, at };
  }
  return newest?.detail;
}

/** An ISO time in UTC; EasyPost's times carry a zone (Z or an offset), and one without is read as UTC. */
function isoOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Carrier text goes into pages, emails and logs: no control characters, no runs of spaces, bounded. */
function oneLine(text: unknown): string {
  if (typeof text !== 'string') return '';
  const flat = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_MAX ? `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : flat;
}
