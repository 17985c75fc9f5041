import type { EventBridgeEvent, PostAuthenticationTriggerEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { appendWithin, CHANGE_WAIT_MS } from '../audit/audit-trail';
import { authAuditEvent, authAuditFactOf, type AuthSubject } from '../audit/auth-events';
import { dynamoAuditLog } from '../adapters/dynamo-audit-log';
import { cognitoAdminDirectory } from '../adapters/cognito-admin-directory';
import { createLogger } from '../http/logger';

/**
 * Sign-in events into the audit trail in AWS (infra/constructs/auth-audit.ts), two sources:
 * - Cognito's post authentication trigger: one entry per completed sign-in (after the authenticator code,
 *   before the tokens). It never fails a sign-in: the write is bounded and a failure is logged with the entry.
 * - CloudTrail's record of the user-pool API calls, from an EventBridge rule: failed sign-ins (Cognito has no
 *   trigger for them), authenticator set-up and removal, password changes and sign-outs. Successful sign-in
 *   calls are left to the trigger, so each sign-in is one entry.
 * The same mapping decides both (lambdas/audit/auth-events.ts), and the local Cognito bridge uses it too.
 */
const store = dynamoAuditLog();
/** Made only in the CloudTrail consumer, whose environment names the pool (the trigger's cannot: a cycle). */
let directory: ReturnType<typeof cognitoAdminDirectory> | undefined;

export type CloudTrailCall = EventBridgeEvent<'AWS API Call via CloudTrail', CloudTrailDetail>;
export interface CloudTrailDetail {
  eventID?: string;
  eventTime?: string;
  eventName?: string;
  errorCode?: string;
  sourceIPAddress?: string;
  requestParameters?: Record<string, unknown> | null;
  additionalEventData?: Record<string, unknown> | null;
}

export async function handler(event: PostAuthenticationTriggerEvent | CloudTrailCall) {
  const log = createLogger({ component: 'auth-audit' });
  if ('triggerSource' in event) {
    const attributes = event.request.userAttributes;
    const entry = authAuditEvent(
      { action: 'auth.sign-in', details: {} },
      { userId: attributes['sub'], email: attributes['email'] },
      {
        eventId: randomUUID(),
        at: new Date().toISOString(),
        route: 'cognito:PostAuthentication',
        correlationId: randomUUID(),
        sourceIp: '',
      },
    );
    await appendWithin(entry, CHANGE_WAIT_MS, { store, log });
    // Cognito expects the event back; anything else fails the sign-in.
    return event;
  }
  await recordCloudTrailCall(event.detail, log);
  return undefined;
}

async function recordCloudTrailCall(detail: CloudTrailDetail, log: ReturnType<typeof createLogger>) {
  const operation = detail.eventName ?? '';
  const request = pascalKeys(detail.requestParameters ?? {});
  const extra = detail.additionalEventData ?? {};
  const pool = String(request['UserPoolId'] ?? extra['userPoolId'] ?? '');
  // Stages may share an account and its default bus: only this stage's pool counts.
  if (pool && pool !== process.env['USER_POOL_ID']) return;
  const outcome = detail.errorCode
    ? { ok: false as const, errorType: detail.errorCode }
    : { ok: true as const, answer: {} };
  const fact = authAuditFactOf(operation, request, outcome);
  if (!fact) return;
  const entry = authAuditEvent(fact, await subjectOf(request, extra), {
    eventId: detail.eventID ?? randomUUID(),
    at: detail.eventTime ? new Date(detail.eventTime).toISOString() : new Date().toISOString(),
    route: `cognito:${operation}`,
    correlationId: detail.eventID ?? randomUUID(),
    sourceIp: detail.sourceIPAddress ?? '',
  });
  await appendWithin(entry, CHANGE_WAIT_MS, { store, log });
}

/**
 * Who a call was about: CloudTrail hides the user name and password of the sign-in calls, and names the user
 * by `sub` where Cognito knows it; the admin calls carry the user name. The email and groups are read from
 * the pool, so the Audit page's user filter finds the entry.
 */
async function subjectOf(request: Record<string, unknown>, extra: Record<string, unknown>): Promise<AuthSubject> {
  const sub = typeof extra['sub'] === 'string' ? extra['sub'] : undefined;
  const named = typeof request['Username'] === 'string' ? request['Username'] : undefined;
  const id = sub ?? named;
  if (!id || id === 'HIDDEN_DUE_TO_SECURITY_REASONS') return {};
  directory ??= cognitoAdminDirectory();
  const user = await directory.getUser(id).catch(() => null);
  if (!user) return { attempted: named };
  const groups = await directory.groupsOf(user.userId).catch(() => []);
  return { userId: user.userId, email: user.email, groups };
}

/** CloudTrail writes request parameters camelCased (`authFlow`); the API, and the mapping, name them `AuthFlow`. */
function pascalKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key.charAt(0).toUpperCase() + key.slice(1),
      v && typeof v === 'object' && !Array.isArray(v) ? pascalKeys(v as Record<string, unknown>) : v,
    ]),
  );
}
