import * as z from '../zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from '../rules/webhook-terms';
import { lazySchema } from './lazy-schema';
import { versionSchema } from './bounds';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import { idSchema, optionalLine } from './text-fields';

/**
 * The lab's outgoing webhooks (docs/decisions/0105-outgoing-webhooks.md): the endpoints a super admin registers
 * and each endpoint's delivery log. A secret leaves the server once, in the answer that made it.
 */
export const webhookEventTypeSchema = lazySchema(() => z.enum(WEBHOOK_EVENT_TYPES));

const eventsSchema = lazySchema(() =>
  z.array(webhookEventTypeSchema, { error: 'Choose the events to send' }).check(
    z.minLength(1, 'Choose at least one event'),
    z.maxLength(WEBHOOK_EVENT_TYPES.length, 'Choose each event once'),
    z.refine((events) => new Set(events).size === events.length, 'Choose each event once'),
  ),
);

/** The URL's shape; whether it may be called (https, a public host) is the server's rule (core/rules/webhook-urls.ts). */
const urlSchema = lazySchema(() =>
  z.string({ error: 'The URL is required' }).check(
    z.trim(),
    z.minLength(1, 'The URL is required'),
    z.maxLength(WEBHOOK_URL_MAX, 'The URL is too long'),
    z.refine((v) => !/\s/.test(v), 'The URL must not contain spaces'),
  ),
);

export const webhookEndpointIdSchema = lazySchema(() => idSchema('Endpoint id'));

/** An endpoint as the page sees it: never its secrets, only when the newest was made and whether an old one still signs. */
export const webhookEndpointSchema = lazySchema(() =>
  z.object({
    endpointId: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(webhookEventTypeSchema),
    enabled: z.boolean(),
    secretCreatedAt: z.string(),
    /** Until when the secret rotated out still signs alongside the new one; absent when none does. */
    previousSecretUntil: z.optional(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number(),
  }),
);
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

export const listWebhookEndpointsOutputSchema = lazySchema(() => z.object({ items: z.array(webhookEndpointSchema) }));

export const createWebhookEndpointInputSchema = lazySchema(() =>
  z.strictObject({
    url: urlSchema,
    description: z._default(optionalLine('Description', 200), ''),
    events: eventsSchema,
  }),
);
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointInputSchema>;

/** The endpoint and, this once, its signing secret. */
export const webhookSecretOutputSchema = lazySchema(() =>
  z.object({ endpoint: webhookEndpointSchema, secret: z.string() }),
);

export const updateWebhookEndpointInputSchema = lazySchema(() =>
  z.strictObject({
    endpointId: webhookEndpointIdSchema,
    version: versionSchema,
    url: urlSchema,
    description: z._default(optionalLine('Description', 200), ''),
    events: eventsSchema,
    enabled: z.boolean(),
  }),
);
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointInputSchema>;

export const webhookEndpointVersionInputSchema = lazySchema(() =>
  z.strictObject({ endpointId: webhookEndpointIdSchema, version: versionSchema }),
);
export type WebhookEndpointVersionInput = z.infer<typeof webhookEndpointVersionInputSchema>;

export const deleteWebhookEndpointOutputSchema = lazySchema(() => z.object({ deleted: z.boolean() }));

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One event's delivery to one endpoint, as its log shows it. */
export const webhookDeliverySchema = lazySchema(() =>
  z.object({
    deliveryId: z.string(),
    endpointId: z.string(),
    eventId: z.string(),
    eventType: webhookEventTypeSchema,
    eventCreatedAt: z.string(),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.number(),
    /** The next automatic try, while pending. */
    dueAt: z.optional(z.string()),
    lastAttemptAt: z.optional(z.string()),
    /** The receiver's HTTP status on the last try; absent when it gave none (no answer, refused address). */
    lastStatus: z.optional(z.number()),
    lastError: z.optional(z.string()),
    deliveredAt: z.optional(z.string()),
  }),
);
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

/** A delivery's id: the event's time and id, as the log sorts them. */
const deliveryIdSchema = lazySchema(() =>
  z
    .string({ error: 'Delivery id is required' })
    .check(
      z.maxLength(120, 'Not a valid delivery id'),
      z.regex(/^[0-9TZ:.-]{10,40}#[A-Za-z0-9:_-]{1,72}$/, 'Not a valid delivery id'),
    ),
);

export const listWebhookDeliveriesInputSchema = lazySchema(() =>
  z.strictObject({
    endpointId: webhookEndpointIdSchema,
    limit: pageLimitSchema(100, 25),
    cursor: z.optional(pageCursorSchema),
  }),
);
export type ListWebhookDeliveriesInput = z.infer<typeof listWebhookDeliveriesInputSchema>;
export const listWebhookDeliveriesOutputSchema = lazySchema(() => pageSchema(webhookDeliverySchema));

export const redeliverWebhookInputSchema = lazySchema(() =>
  z.strictObject({ endpointId: webhookEndpointIdSchema, deliveryId: deliveryIdSchema }),
);
export type RedeliverWebhookInput = z.infer<typeof redeliverWebhookInputSchema>;
export const redeliverWebhookOutputSchema = lazySchema(() => z.object({ delivery: webhookDeliverySchema }));
