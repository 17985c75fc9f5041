import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { epochMsSchema } from './bounds';

/**
 * The userActivity record (spec 3 "User activity"), keyed by user id. The browser reports the part it
 * knows (`activityReportSchema`); the server adds who the caller is from the verified token and when it
 * stored the record, so nobody can write another user's activity.
 */
export const ACTIVITY_STATUSES = ['active', 'idle', 'inactive'] as const;
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export const ACTIVITY_ROLES = ['customer', 'admin', 'superadmin'] as const;

const text = (max: number) => z.string().check(z.maxLength(max));
/** deviceId and sessionId: random ids the browser makes (UUIDs), never free text. */
const clientId = lazySchema(() =>
  z
    .string()
    .check(z.minLength(8), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'Must be an id of letters, digits, _ or -')),
);
const epochMs = epochMsSchema;

export const activityReportSchema = lazySchema(() =>
  z.object({
    /** ms timestamp of the user's last activity (spec 3). */
    lastActivity: epochMs,
    deviceId: clientId,
    sessionId: clientId,
    status: z.enum(ACTIVITY_STATUSES),
    browser: z.object({ name: text(64), version: text(64), platform: text(64), language: text(35) }),
    screen: z.object({
      width: z.number().check(z.int(), z.nonnegative(), z.lte(100_000)),
      height: z.number().check(z.int(), z.nonnegative(), z.lte(100_000)),
      // The browser reports window.devicePixelRatio clamped to 0.1..20 (activity-record.ts); DynamoDB cannot
      // store numbers near zero like 1e-200, so the floor is the schema's too. z.number() refuses Infinity and NaN
      // itself.
      pixelRatio: z.number().check(z.gte(0.1), z.lte(20)),
    }),
    device: z.object({ type: z.enum(DEVICE_TYPES), os: text(64), osVersion: text(64) }),
    session: z.object({
      /** ms timestamp when this page load started. */
      startTime: epochMs,
      timezone: text(64),
      connectionType: text(32),
      currentRoute: text(512),
      tabCount: z.number().check(z.int(), z.nonnegative(), z.lte(1000)),
    }),
  }),
);
export type ActivityReport = z.infer<typeof activityReportSchema>;

/** `putActivity` input: the report, plus `immediate` for writes that must not wait (login, Continue Session). */
export const putActivityInputSchema = lazySchema(() =>
  z.extend(activityReportSchema, { immediate: z._default(z.boolean(), false) }),
);
export type PutActivityInput = z.input<typeof putActivityInputSchema>;

/** `written` is false when the write was throttled (spec 7, 9: at most one per 30 s) or older than the stored one. */
export const putActivityOutputSchema = lazySchema(() =>
  z.object({ written: z.boolean(), lastSync: z.nullable(epochMs) }),
);
export type PutActivityOutput = z.infer<typeof putActivityOutputSchema>;

/** The stored record (its screen read as before the pixelRatio floor, so an older record still loads). */
export const userActivitySchema = lazySchema(() =>
  z.extend(activityReportSchema, {
    screen: z.extend(activityReportSchema.shape.screen, { pixelRatio: z.number().check(z.positive(), z.lte(20)) }),
    userId: z.string(),
    userEmail: z.string(),
    /** spec 6: the role is reported in the activity record, defaulting to customer. */
    userRole: z._default(z.enum(ACTIVITY_ROLES), 'customer'),
    /** ms timestamp of the last stored write, set by the server. */
    lastSync: epochMs,
  }),
);
export type UserActivity = z.infer<typeof userActivitySchema>;

export const getMyActivityOutputSchema = lazySchema(() => z.object({ activity: z.nullable(userActivitySchema) }));
export type GetMyActivityOutput = z.infer<typeof getMyActivityOutputSchema>;
