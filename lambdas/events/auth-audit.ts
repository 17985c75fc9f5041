import type { EventBridgeEvent, PostAuthenticationTriggerEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { appendWithin, CHANGE_WAIT_MS } from '../audit/audit-trail';
import { authAuditEvent, authAuditFactOf, type AuthSubject } from '../audit/auth-events';
import { dynamoAuditLog } from '../adapters/dynamo-audit-log';
import { cognitoAdminDirectory } from '../adapters/cognito-admin-directory';
import { createLogger } from '../http/logger';
import { requireEnv } from '../env';

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
  // Stages may share an account and its default bus: only this stage's pool counts. The admin calls name the
  // pool; the user's own calls (InitiateAuth, RespondToAuthChallenge, the access-token calls) name none, only the
  // app client where they take one, so the client, and then whether the sub is a user of this pool, decide.
  const pool = plain(request['UserPoolId']) ?? plain(extra['userPoolId']);
  if (pool && pool !== requireEnv('USER_POOL_ID')) return;
  const client = plain(request['ClientId']);
  if (!pool && client && client !== requireEnv('USER_POOL_CLIENT_ID')) return;
  const outcome = detail.errorCode
    ? { ok: false as const, errorType: detail.errorCode }
    : { ok: true as const, answer: {} };
  const fact = authAuditFactOf(operation, request, outcome);
  if (!fact) return;
  const subject = await subjectOf(request, extra, { poolKnown: !!pool || !!client });
  if (!subject) {
    log.info('auth-audit: a user-pool call about a user of another pool, not recorded', { operation });
    return;
  }
  const entry = authAuditEvent(fact, subject, {
    eventId: detail.eventID ?? randomUUID(),
    at: detail.eventTime ? new Date(detail.eventTime).toISOString() : new Date().toISOString(),
    route: `cognito:${operation}`,
    correlationId: detail.eventID ?? randomUUID(),
    sourceIp: detail.sourceIPAddress ?? '',
  });
  await appendWithin(entry, CHANGE_WAIT_MS, { store, log });
}

/**
 * What CloudTrail writes in place of a value it hides. Amazon Cognito's example events spell it
 * HIDDEN_DUE_TO_SECURITY_REASONS, the prose of "Amazon Cognito information in CloudTrail" spells it
 * HIDDEN_FOR_SECURITY_REASONS (docs/security.md, "What CloudTrail's Cognito events were checked against").
 */
const REDACTED = /^HIDDEN_(DUE_TO|FOR)_SECURITY_REASONS$/;

/** A value CloudTrail shows as it was: a non-empty string that is not the redaction marker. */
function plain(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && !REDACTED.test(value) ? value : undefined;
}

/**
 * Who a call was about. AWS: Cognito "records UserSub but not UserName in CloudTrail logs for requests that are
 * specific to a user", so the user is named by `additionalEventData.sub`; a user name is used only where one is
 * shown (never the redaction marker). The email and groups are read from the pool, so the Audit page's user
 * filter finds the entry. Null when the call named no pool and the sub is no user of this one: another pool's.
 */
async function subjectOf(
  request: Record<string, unknown>,
  extra: Record<string, unknown>,
  { poolKnown }: { poolKnown: boolean },
): Promise<AuthSubject | null> {
  const sub = plain(extra['sub']);
  const named = plain(request['Username']);
  const id = sub ?? named;
  if (!id) return {};
  directory ??= cognitoAdminDirectory();
  const found = await directory.getUser(id).then(
    (user) => ({ user }),
    () => undefined,
  );
  // A failed look-up still records the call, under the sub Cognito named.
  if (!found) return sub ? { userId: sub } : { attempted: named };
  if (!found.user) {
    if (sub && !poolKnown) return null;
    return sub ? { userId: sub } : { attempted: named };
  }
  const user = found.user;
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
