import { WebhookSignatureError } from './payment-gateway';

/**
 * Parcel tracking: where a shipped order's parcels are, learned from the carriers rather than typed in by the lab.
 * Production: EasyPost trackers and their signed webhooks (lambdas/adapters/easypost-parcel-tracking.ts); locally
 * and in tests: the fake carrier (lambdas/adapters/fake-parcel-tracking.ts, local/fake-carrier/), which speaks the
 * same subset of EasyPost's API. Delivery is decided by these events, never by the browser.
 */

export {
  PARCEL_STATUSES,
  PARCEL_TRACKING_KINDS,
  type Carrier,
  type ParcelStatus,
  type ParcelTrackingKind,
} from '../../core/rules/tracking-numbers';
import type { Carrier, ParcelStatus, ParcelTrackingKind } from '../../core/rules/tracking-numbers';

/** A verified webhook call that fails its check: the webhook route answers 400 (the payment gateway's class). */
export { WebhookSignatureError };

export interface TrackRequest {
  carrier: Carrier;
  trackingNumber: string;
  /**
   * Ours: the order and parcel the number belongs to. Neither service keeps it (EasyPost's tracker has no field
   * for one): the tracker id, stored with the parcel, is the way back from an event to the order.
   */
  reference: string;
}

export interface TrackedParcel {
  trackerId: string;
  status: ParcelStatus;
}

/** A parcel's state as the carrier last reported it. */
export interface ParcelSnapshot {
  trackerId: string;
  carrier: Carrier;
  trackingNumber: string;
  status: ParcelStatus;
  /** ISO time of the carrier's newest scan (or of the tracker's last change when it has none). */
  occurredAt: string;
  /** The carrier's words for its newest scan ("Delivered, In/At Mailbox"), one line, at most 200 characters. */
  description: string;
}

/** One verified tracker event: applied once per `eventId`, and never over a newer state (`occurredAt`). */
export interface ParcelEvent extends ParcelSnapshot {
  eventId: string;
}

/**
 * What a verified webhook call carries: a parcel event, or an event of another kind (a batch, a report, a tracker
 * of a carrier the portal does not ship with) that callers answer 200 and ignore, so the service stops sending it.
 */
export interface CarrierEvent {
  eventId: string;
  type: 'parcel' | 'other';
  parcel: ParcelEvent | null;
}

/** A webhook call's headers, names in any case (API Gateway lowercases them; a direct invocation may not). */
export type WebhookHeaders = Readonly<Record<string, string | undefined>>;

export interface ParcelTracking {
  readonly kind: ParcelTrackingKind;
  /**
   * Starts tracking a parcel. Idempotent for the same carrier and number: a repeat answers the tracker made first
   * (EasyPost dedupes creates by carrier and code for three months; the fake does the same), so a retried ship
   * never makes a second tracker. A number the service refuses is an AppError `invalid-argument` (400).
   */
  track(request: TrackRequest): Promise<TrackedParcel>;
  /** The tracker's current state, for catching up when webhooks were missed. */
  retrieve(trackerId: string): Promise<ParcelSnapshot>;
  /** Checks the signature over the raw body and reads the event; throws WebhookSignatureError. */
  verifyEvent(rawBody: string, headers: WebhookHeaders): Promise<CarrierEvent>;
}
