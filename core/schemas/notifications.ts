import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { versionSchema } from './bounds';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import {
  NOTIFICATION_CHOICES,
  NOTIFICATION_EVENT_IDS,
  type NotificationAudience,
  type NotificationChoice,
} from '../rules/notification-events';

/**
 * The notification centre: a signed-in user's inbox (the bell and its page) and their choice per event
 * (core/rules/notification-events.ts). Every route acts on the caller's own inbox, named by the token, so no
 * input names a user.
 */
export const NOTIFICATION_LIMITS = {
  pageDefault: 20,
  pageMax: 50,
  /** Ids one markNotificationsRead may name (the inbox page marks at most a page at a time). */
  markMax: 100,
  idMax: 64,
  titleMax: 200,
  bodyMax: 1000,
  linkMax: 512,
  /** How long an item stays in the inbox (the table's TTL). */
  keepDays: 180,
} as const;

export const notificationIdSchema = lazySchema(() =>
  z
    .string({ error: 'Not a valid notification id' })
    .check(
      z.minLength(1, 'Not a valid notification id'),
      z.maxLength(NOTIFICATION_LIMITS.idMax, 'Not a valid notification id'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'Not a valid notification id'),
    ),
);

export const notificationEventIdSchema = lazySchema(() =>
  z.enum(NOTIFICATION_EVENT_IDS, { error: 'Not a notification event' }),
);
export const notificationChoiceSchema = lazySchema(() =>
  z.enum(NOTIFICATION_CHOICES, { error: 'Not a notification choice' }),
);
export const notificationAudienceSchema = lazySchema(() =>
  z.enum(['practice', 'lab'] satisfies NotificationAudience[]),
);

/** A page of the portal the item opens (a path built by core/page-paths.ts, never an outside address). */
const portalLinkSchema = lazySchema(() =>
  z
    .string()
    .check(z.maxLength(NOTIFICATION_LIMITS.linkMax), z.regex(/^\/(?!\/)[A-Za-z0-9/_.~%?=&-]*$/, 'Not a portal page')),
);

/** One item of the inbox, newest first. `readAt` is null until the user reads it (or marks all read). */
export const notificationItemSchema = lazySchema(() =>
  z.object({
    id: notificationIdSchema,
    eventId: notificationEventIdSchema,
    title: z.string().check(z.maxLength(NOTIFICATION_LIMITS.titleMax)),
    body: z.string().check(z.maxLength(NOTIFICATION_LIMITS.bodyMax)),
    link: portalLinkSchema,
    /** ISO time the event happened (the notice was delivered). */
    createdAt: z.string(),
    readAt: z.nullable(z.string()),
    /** The practice account it is about, when it is about one. */
    accountNumber: z.optional(z.string().check(z.maxLength(40))),
  }),
);
export type NotificationItem = z.infer<typeof notificationItemSchema>;

const unreadSchema = lazySchema(() => z.number().check(z.int(), z.nonnegative()));

/** `listNotifications`: a page of the caller's inbox, newest first, and their unread count. */
export const listNotificationsInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.strictObject({
        limit: pageLimitSchema(NOTIFICATION_LIMITS.pageMax, NOTIFICATION_LIMITS.pageDefault),
        cursor: z.optional(pageCursorSchema),
      }),
    ),
    { limit: NOTIFICATION_LIMITS.pageDefault },
  ),
);
export type ListNotificationsInput = z.output<typeof listNotificationsInputSchema>;
export const listNotificationsOutputSchema = lazySchema(() =>
  z.extend(pageSchema(notificationItemSchema), { unread: unreadSchema }),
);
export type ListNotificationsOutput = z.infer<typeof listNotificationsOutputSchema>;

/** `countUnreadNotifications` (what the bell polls) and the answer of `markNotificationsRead`. */
export const unreadCountOutputSchema = lazySchema(() => z.object({ unread: unreadSchema }));
export type UnreadCountOutput = z.infer<typeof unreadCountOutputSchema>;

/** `markNotificationsRead`: some items by id (those already read or gone are passed over), or all of them. */
export const markNotificationsReadInputSchema = lazySchema(() =>
  z.union([
    z.strictObject({
      ids: z
        .array(notificationIdSchema)
        .check(
          z.minLength(1, 'Name at least one notification'),
          z.maxLength(NOTIFICATION_LIMITS.markMax, `At most ${NOTIFICATION_LIMITS.markMax} notifications at a time`),
        ),
    }),
    z.strictObject({ all: z.literal(true) }),
  ]),
);
export type MarkNotificationsReadInput = z.output<typeof markNotificationsReadInputSchema>;

/** The caller's choice for each event of their audience (every event, the unchosen ones at their default). */
export const notificationChoicesSchema = lazySchema(() =>
  z.partialRecord(notificationEventIdSchema, notificationChoiceSchema),
);
export type NotificationChoices = Partial<Record<(typeof NOTIFICATION_EVENT_IDS)[number], NotificationChoice>>;

export const notificationPreferencesSchema = lazySchema(() =>
  z.object({ audience: notificationAudienceSchema, choices: notificationChoicesSchema, version: versionSchema }),
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * `updateNotificationPreferences`: the events whose choice changes (the others keep theirs) and the version the
 * page read; an event of the other audience, or a choice its audience does not offer, is a 400.
 */
export const updateNotificationPreferencesInputSchema = lazySchema(() =>
  z.strictObject({
    choices: z
      .partialRecord(notificationEventIdSchema, notificationChoiceSchema)
      .check(z.refine((choices) => Object.keys(choices).length > 0, 'Choose at least one event')),
    version: versionSchema,
  }),
);
export type UpdateNotificationPreferencesInput = z.output<typeof updateNotificationPreferencesInputSchema>;
