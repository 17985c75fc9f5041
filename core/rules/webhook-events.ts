/**
 * The events the lab's systems can subscribe to with an outgoing webhook
 * (docs/decisions/0105-outgoing-webhooks.md), and which order change raises which. Pure, so the use cases that
 * write a change, the endpoint form and the tests read one list.
 */
import type { WebhookEventType } from './webhook-terms';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.submitted': 'Order submitted',
  'order.approved': 'Order approved',
  'order.stage-changed': 'Production stage changed',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'invoice.issued': 'Invoice issued',
  'payment.received': 'Payment received',
};

/** What the rule reads of an order, before and after a change. */
export interface OrderState {
  status: string;
  stage?: string | undefined;
}

/**
 * The event an order change raises, if any: placing (or placing again after a hold) is `submitted`; entering
 * production is `approved`; a move between production stages is `stage-changed`; the close is `shipped`; the
 * carrier's last parcel is `delivered`. Any other change (a hold, a delay, a claim, a draft) raises none.
 */
export function orderWebhookEvent(before: OrderState | null, after: OrderState): WebhookEventType | null {
  const was = before?.status ?? 'draft';
  if (after.status === 'submitted' && was !== 'submitted') return 'order.submitted';
  if (after.status === 'approved' && was !== 'approved') return 'order.approved';
  if (after.status === 'approved' && before && (after.stage ?? 'approved') !== (before.stage ?? 'approved'))
    return 'order.stage-changed';
  if (after.status === 'closed' && was !== 'closed') return 'order.shipped';
  if (after.status === 'closed' && after.stage === 'delivered' && before?.stage !== 'delivered')
    return 'order.delivered';
  return null;
}

/** How the consumer retries a delivery the receiver did not acknowledge: about three days, then parked. */
export interface WebhookRetryPolicy {
  attempts: number;
  retryBaseMs: number;
  retryCapMs: number;
  leaseMs: number;
  keepDays: number;
}

/** 1 min doubling to 6 h (lambdas/kernel/outbox.ts `retryDelayMs`, with its jitter): 9 tries in the first 8.5 h, then every 6 h until the 20th, about three days in. */
export const WEBHOOK_RETRY_POLICY: WebhookRetryPolicy = {
  attempts: 20,
  retryBaseMs: 60_000,
  retryCapMs: 6 * 3_600_000,
  leaseMs: 60_000,
  keepDays: 30,
};

/** How long a rotated-out secret keeps signing alongside the new one. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;
