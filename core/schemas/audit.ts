import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { accountNumberSchema } from './account-number';
import { isoDateSchema } from './money';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import { optionalLine } from './text-fields';

/**
 * The audit trail: requests the portal refused, and every change the lab's staff made.
 * Entries are only ever added (docs/decisions/0025-audit-trail.md); super admins read them on /admin/audit.
 */
export const DENIAL_ACTIONS = ['access.unauthenticated', 'access.denied', 'access.hidden-not-found'] as const;

export const CHANGE_ACTIONS = [
  'user.create',
  'user.delete',
  'user.status',
  'user.role',
  'user.billing',
  'user.verify-email',
  'user.reset-password',
  'practice.create',
  'practice.update',
  'practice.link-user',
  'practice.unlink-user',
  'practice.set-roles',
  'buying-group.create',
  'buying-group.update',
  'account-request.approve',
  'account-request.reject',
  'lens.create',
  'lens.update',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate-secret',
  'webhook.redeliver',
  'email-template.update',
  'lab-recipients.update',
  'email.send',
  'email.send-test',
  'order.approve',
  'order.hold',
  'order.reject',
  'order.close',
  'order.stage',
  'order.delay',
  'order.parcel-claim',
  'order.parcel-claim-decide',
  'production-settings.update',
  'invoice.create',
  'invoice.void',
  'invoice.offline-payment',
  // The billing desk: a card payment paid back, lens credit applied by the lab.
  'invoice.refund',
  'invoice.apply-credit',
  'credit.goodwill',
  'credit.approval-requested',
  'credit.approve',
  'credit.reject',
  'credit-settings.update',
  'billing-settings.update',
  'practice.credit-hold',
  'practice.credit-release',
  'claim.approve',
  'claim.deny',
  'claim.return-received',
  'consult.reply',
  'consult.link',
  'consultant-settings.update',
  'machine-client.create',
  'machine-client.delete',
] as const;

/**
 * Sign-in events, recorded where Cognito answers them (lambdas/audit/auth-events.ts): its post authentication
 * trigger and CloudTrail in AWS, the Cognito bridge locally. A sign-out covers one device or every session.
 */
export const AUTH_ACTIONS = [
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.mfa-set-up',
  'auth.mfa-removed',
  'auth.password-change',
  'auth.sign-out',
] as const;

/**
 * The user-pool API calls CloudTrail reports that can be one of AUTH_ACTIONS (lambdas/audit/auth-events.ts
 * maps them): the EventBridge rule of infra/constructs/auth-audit.ts matches exactly these.
 */
export const AUDITED_COGNITO_CALLS = [
  'InitiateAuth',
  'AdminInitiateAuth',
  'RespondToAuthChallenge',
  'AdminRespondToAuthChallenge',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'AdminSetUserMFAPreference',
  'ChangePassword',
  'ConfirmForgotPassword',
  'AdminSetUserPassword',
  'RevokeToken',
  'GlobalSignOut',
  'AdminUserGlobalSignOut',
] as const;

export const AUDIT_ACTIONS = [...DENIAL_ACTIONS, ...CHANGE_ACTIONS, ...AUTH_ACTIONS] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];
export type AuthAction = (typeof AUTH_ACTIONS)[number];
export const auditActionSchema = lazySchema(() => z.enum(AUDIT_ACTIONS, { error: 'Choose an action from the list' }));

/** What an admin change acted on. */
export const AUDIT_TARGET_TYPES = [
  'billing-settings',
  'user',
  'practice',
  'buying-group',
  'account-request',
  'lens',
  'email-template',
  'lab-recipients',
  'email',
  'order',
  'invoice',
  'credit',
  'credit-settings',
  'claim',
  'consult',
  'consultant-settings',
  'production-settings',
  'machine-client',
  'webhook-endpoint',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A before or after value: ids and changed fields only, redacted (lambdas/audit/redact-audit-values.ts). */
const auditValuesSchema = lazySchema(() => z.nullable(z.record(z.string(), z.unknown())));

/**
 * One stored entry. Read schema: wide (`action` any string, fields optional where older entries may lack
 * them), so an entry written by an older or newer version of the code still lists.
 */
export const auditEventSchema = lazySchema(() =>
  z.object({
    eventId: z.string(),
    at: z.string(),
    kind: z.enum(['change', 'denied', 'auth']),
    action: z.string(),
    /** Who: from the verified token only; null for a caller without a valid one. */
    actor: z.nullable(z.object({ userId: z.string(), email: z.optional(z.string()), groups: z.array(z.string()) })),
    target: z.nullable(z.object({ type: z.string(), id: z.string() })),
    accountNumber: z.nullable(z.string()),
    route: z.string(),
    /** The HTTP status of a denied request; null for a change. */
    status: z.nullable(z.number().check(z.int())),
    correlationId: z.string(),
    sourceIp: z.string(),
    before: auditValuesSchema,
    after: auditValuesSchema,
  }),
);
export type AuditEvent = z.infer<typeof auditEventSchema>;

/**
 * How long entries are kept: HIPAA keeps audit records six years, so each entry expires (DynamoDB TTL) six
 * years after it was written, never sooner.
 */
export const AUDIT_RETENTION_YEARS = 6;

/** Longest date range one listing covers (a year and a day, so "the last year" always fits). */
export const AUDIT_MAX_RANGE_DAYS = 366;
/** The range a listing covers when `from` is left out: the 30 days up to `to`. */
export const AUDIT_DEFAULT_RANGE_DAYS = 30;

/**
 * `listAuditEvents` (super admins): newest first, filtered by who acted (their sign-in email), practice, action
 * and a date range (UTC days, both ends included).
 */
export const listAuditEventsInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.strictObject({
        user: optionalLine('User email', 254),
        accountNumber: z.optional(accountNumberSchema),
        action: z.optional(auditActionSchema),
        from: z.optional(isoDateSchema),
        to: z.optional(isoDateSchema),
        limit: pageLimitSchema(100, 50),
        cursor: z.optional(pageCursorSchema),
      }),
    ),
    { limit: 50 },
  ),
);
export const auditEventPageSchema = lazySchema(() => pageSchema(auditEventSchema));
