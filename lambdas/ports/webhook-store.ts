import type { WebhookEventType } from '../../core/rules/webhook-terms';
import { refusalsOf, type WriteRefused } from '../kernel/write-refused';

/** A signing secret of an endpoint; one rotated out keeps signing until `expiresAt`. */
export interface WebhookSecret {
  secret: string;
  createdAt: string;
  expiresAt?: string | undefined;
}

/** An endpoint the super admin registered, as stored (its secrets included: only the consumer reads them). */
export interface WebhookEndpoint {
  endpointId: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Newest first: the current secret, then at most one rotated out that still signs. */
  secrets: WebhookSecret[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/** One event's delivery to one endpoint: its body as first made, so a redelivery sends the same event. */
export interface WebhookDelivery {
  endpointId: string;
  /** `{eventCreatedAt}#{eventId}`: unique per endpoint and event, newest last in sort order. */
  deliveryId: string;
  eventId: string;
  eventType: WebhookEventType;
  eventCreatedAt: string;
  /** The JSON body posted, exactly as signed. */
  body: string;
  state: WebhookDeliveryState;
  attempts: number;
  dueAt?: string | undefined;
  lastAttemptAt?: string | undefined;
  lastStatus?: number | undefined;
  lastError?: string | undefined;
  deliveredAt?: string | undefined;
  leaseId?: string | undefined;
  leaseUntil?: string | undefined;
}

/** How one try ended; `at` is when it was made. */
export type WebhookAttemptOutcome = {
  at: string;
  status?: number | undefined;
  error?: string | undefined;
} & (
  | { state: 'delivered'; keepUntil: string }
  | { state: 'pending'; dueAt: string }
  | { state: 'failed'; keepUntil: string }
);

export type WebhookRefusal = 'exists' | 'changed' | 'missing' | 'lease';
export const webhookRefusals = refusalsOf<WebhookRefusal>('webhook');
export type WebhookWriteRefused = WriteRefused<WebhookRefusal>;

export interface WebhookDeliveryPage {
  items: WebhookDelivery[];
  nextCursor: string | null;
}

/**
 * The webhooks table: endpoints (conditional on their version) and their deliveries (created once per event
 * and endpoint; each try conditional on a lease, so two consumers never post one delivery at once).
 */
export interface WebhookStore {
  /** Every endpoint (a lab registers a handful), oldest first. */
  listEndpoints(): Promise<WebhookEndpoint[]>;
  getEndpoint(endpointId: string): Promise<WebhookEndpoint | null>;
  /** Creates (`expectedVersion` null: refused 'exists') or replaces the version read (refused 'changed' or 'missing'). */
  putEndpoint(endpoint: WebhookEndpoint, expectedVersion: number | null): Promise<void>;
  /** Removes the version read (refused 'changed' or 'missing'); its delivery log leaves with its TTL. */
  deleteEndpoint(endpointId: string, expectedVersion: number): Promise<void>;
  /** Stores a new delivery, due at once; false when this event already has one for this endpoint. */
  addDelivery(delivery: WebhookDelivery): Promise<boolean>;
  getDelivery(endpointId: string, deliveryId: string): Promise<WebhookDelivery | null>;
  /** An endpoint's log, newest event first. */
  listDeliveries(endpointId: string, limit: number, cursor?: string | undefined): Promise<WebhookDeliveryPage>;
  /** Pending deliveries due at `now`, oldest due first. */
  due(now: string, limit: number): Promise<WebhookDelivery[]>;
  /**
   * Takes a delivery for one try when no other consumer holds an unexpired lease: only a pending one, or any
   * (`manual`, a redelivery the super admin asked for). Null when it is not there, not pending, or held.
   */
  claim(
    endpointId: string,
    deliveryId: string,
    lease: { leaseId: string; now: string; until: string; manual?: boolean },
  ): Promise<WebhookDelivery | null>;
  /** Records a try and frees the lease; refused 'lease' when another consumer took the delivery since. */
  settle(
    endpointId: string,
    deliveryId: string,
    leaseId: string,
    outcome: WebhookAttemptOutcome,
  ): Promise<WebhookDelivery>;
}
