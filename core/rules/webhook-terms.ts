/**
 * What the webhook endpoint schema checks: the events an endpoint may subscribe to and the longest URL. A module
 * of its own so the schemas, which every signed-in page loads with the route table, do not carry the event rules
 * (core/rules/webhook-events.ts) or the URL checks (core/rules/webhook-urls.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.submitted',
  'order.approved',
  'order.stage-changed',
  'order.shipped',
  'order.delivered',
  'invoice.issued',
  'payment.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_URL_MAX = 500;
