import { describeError } from '../../core/describe-error';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from '../../core/zod';
import { permissionDenied, unauthenticated } from '../../core/errors';
import { SESSION_MESSAGES } from '../../core/messages';
import { isMachineAccess, type RouteDefinition } from '../../core/route-definition';
import { hasMachineScopes } from '../../core/rules/machine-scopes';
import {
  isStaff,
  routeChecksStaffMfa,
  STAFF_MFA_CHANGED_MESSAGE,
  STAFF_MFA_REQUIRED_MESSAGE,
} from '../../core/rules/staff-mfa';
import { cognitoSecondFactors } from '../adapters/cognito-second-factors';
import { dynamoAuditLog } from '../adapters/dynamo-audit-log';
import { dynamoSecondFactorRecords } from '../adapters/dynamo-second-factor-records';
import { sharedSessionFacts } from '../adapters/dynamo-session-facts';
import { sharedSessionRevocations } from '../adapters/dynamo-session-revocations';
import { createAuditTrail, NO_AUDIT } from '../audit/audit-trail';
import { deniedStatusOf } from '../audit/denied-answers';
import { sessionRevocationCheck } from '../auth/session-revocation';
import { sessionRulesCheck, type SessionRulesCheck } from '../auth/session-rules';
import { practiceRoleCheck, type PracticeRoleCheck } from '../auth/practice-role-check';
import { dynamoUsersRepository } from '../adapters/dynamo-users-repository';
import { staffMfaCheck, type StaffMfaVerdict } from '../auth/staff-mfa';
import { createMachineTokenVerifier, createTokenVerifier, type Identity } from '../auth/verify-token';
import { requireEnv } from '../env';
import { inRequestContext } from './correlation-id';
import { errorAnswer } from './error-response';
import type { AuditLog, AuditTrail } from '../ports/audit-log';
import { checkBrowserRequest, checkThroughCloudFront, portalOrigins } from './browser-request';
import { addToLogContext, idsOf } from './log-context';
import type { Logger } from '../ports/logger';
import { createLogger } from './logger';
import { parseCallableInput } from './parse-input';
import { systemClock } from '../kernel/clock';

export interface RequestContext {
  /** Present on every non-public route; taken only from the verified token. */
  identity: Identity | null;
  correlationId: string;
  /** The caller's IP address as API Gateway saw it (per-IP rate limits; see clientIp()). */
  sourceIp: string;
  log: Logger;
  /** Records the lab's changes in the audit log, as this caller. Never throws. */
  audit: AuditTrail;
}

/** The signed-in caller of a non-public route (the wrapper has already refused anonymous calls). */
export function callerOf(ctx: RequestContext): Identity {
  if (!ctx.identity) throw unauthenticated();
  return ctx.identity;
}

/**
 * The machine client of a machine route, as the use cases take a caller: it acts for the lab (the route guard
 * admitted it by its scopes, and only machine routes admit it), so the lab's rules apply to what it sends. The
 * audit trail still names the client itself (ctx.audit was made from the verified token).
 */
export function machineCallerOf(ctx: RequestContext): Identity {
  const identity = callerOf(ctx);
  if (!identity.machine) throw permissionDenied();
  return { ...identity, groups: ['admin'] };
}

export const MACHINE_TOKEN_REQUIRED_MESSAGE = 'Send a client-credentials access token (Authorization: Bearer ...)';
export const MACHINE_SCOPE_MISSING_MESSAGE = "This client's token lacks a scope this route needs";

export interface HandlerDeps {
  verifyToken: (token: string) => Promise<Identity>;
  /**
   * Verifies a machine client's access token (createMachineTokenVerifier). Defaults to the pool's when
   * `verifyToken` comes from the environment too; tests that inject `verifyToken` inject this as well (or go
   * without: no machine token is then accepted).
   */
  verifyMachineToken?: (token: string) => Promise<Identity>;
  /**
   * Refuses tokens of sessions ended server-side (signOut; docs/decisions/0007-server-side-sign-out.md). When
   * `verifyToken` comes from the environment too, this defaults to the tokens-table check; tests that
   * inject `verifyToken` inject this as well (or go without).
   */
  isSessionRevoked?: (identity: Identity) => Promise<boolean>;
  /**
   * Whether a staff caller's session passed their current second factor
   * (docs/decisions/0017-two-step-verification-for-lab-staff.md, docs/decisions/0101-staff-second-factor-recorded.md);
   * asked only for staff on routes open to staff (core/rules/staff-mfa.ts). Defaults to the Cognito check with
   * the tokens table's record when `verifyToken` comes from the environment too, like `isSessionRevoked`.
   */
  checkStaffMfa?: (identity: Identity) => Promise<StaffMfaVerdict>;
  /**
   * The spec 4/6 session rules of the route's flags (lambdas/auth/session-rules.ts): idle 60 min -> 401, a
   * customer without verified email or accepted terms -> 403. Defaults to the table-backed check when
   * `verifyToken` comes from the environment too, like `isSessionRevoked`.
   */
  checkSessionRules?: SessionRulesCheck;
  /**
   * The practice role rule of a route with a `practice` ability (lambdas/auth/practice-role-check.ts). Defaults
   * to the users-table check when `verifyToken` comes from the environment too, like `isSessionRevoked`.
   */
  checkPracticeRole?: PracticeRoleCheck;
  log: Logger;
  /**
   * Where denied requests and `ctx.audit` changes go. Defaults to the audit table when `verifyToken` comes
   * from the environment too (as for isSessionRevoked); tests that inject `verifyToken` inject this as well
   * (or go without: nothing is recorded). Only routes whose resources grant `audit` record anything.
   */
  auditLog?: AuditLog;
}

let defaultVerifier: HandlerDeps['verifyToken'] | undefined;
function envVerifier(): HandlerDeps['verifyToken'] {
  defaultVerifier ??= createTokenVerifier({
    issuer: requireEnv('USER_POOL_ISSUER'),
    clientId: requireEnv('USER_POOL_CLIENT_ID'),
  });
  return defaultVerifier;
}

let defaultMachineVerifier: HandlerDeps['verifyMachineToken'];
function envMachineVerifier(): NonNullable<HandlerDeps['verifyMachineToken']> {
  defaultMachineVerifier ??= createMachineTokenVerifier({ issuer: requireEnv('USER_POOL_ISSUER') });
  return defaultMachineVerifier;
}

let defaultRevocationCheck: HandlerDeps['isSessionRevoked'];
function envRevocationCheck(): NonNullable<HandlerDeps['isSessionRevoked']> {
  defaultRevocationCheck ??= sessionRevocationCheck(sharedSessionRevocations());
  return defaultRevocationCheck;
}

let defaultSessionRules: SessionRulesCheck | undefined;
function envSessionRules(): SessionRulesCheck {
  defaultSessionRules ??= sessionRulesCheck(sharedSessionFacts());
  return defaultSessionRules;
}

let defaultStaffMfaCheck: HandlerDeps['checkStaffMfa'];
let defaultPracticeRoleCheck: PracticeRoleCheck | undefined;
function envPracticeRoleCheck(): PracticeRoleCheck {
  defaultPracticeRoleCheck ??= practiceRoleCheck(dynamoUsersRepository());
  return defaultPracticeRoleCheck;
}

function envStaffMfaCheck(): NonNullable<HandlerDeps['checkStaffMfa']> {
  defaultStaffMfaCheck ??= staffMfaCheck(cognitoSecondFactors(), dynamoSecondFactorRecords());
  return defaultStaffMfaCheck;
}

let defaultAuditLog: AuditLog | undefined;
function envAuditLog(): AuditLog {
  defaultAuditLog ??= dynamoAuditLog();
  return defaultAuditLog;
}

/**
 * The caller's address for per-IP limits. Behind CloudFront, API Gateway's sourceIp is the edge's address and
 * the viewer's is in `cloudfront-viewer-address`; but anyone calling the execute-api endpoint directly can set
 * that header. So it is trusted only on requests that also carry CloudFront's secret origin header
 * (`x-origin-verify` = ORIGIN_VERIFY_SECRET); otherwise the limit keys on sourceIp, which cannot be forged.
 */
export function clientIp(event: APIGatewayProxyEventV2, originSecret = process.env.ORIGIN_VERIFY_SECRET): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  const fromCloudFront = !!originSecret && event.headers?.['x-origin-verify'] === originSecret;
  if (viewer && fromCloudFront) return viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

function bearerToken(headers: Record<string, string | undefined>): string | null {
  const value = headers['authorization'] ?? headers['Authorization'];
  const match = value?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)$/);
  return match?.[1] ?? null;
}

/**
 * Wraps a use case as an API Gateway (HTTP API, payload v2) Lambda handler: refuses what is not the portal's own
 * page sending JSON (browser-request.ts), verifies the token, denies by default, validates input and output with
 * the route's schemas and maps every error (spec 8).
 */
export function createHandler<I extends z.core.$ZodType, O extends z.core.$ZodType>(
  route: RouteDefinition<I, O>,
  run: (input: z.infer<I>, ctx: RequestContext) => Promise<z.input<O>>,
  deps: Partial<HandlerDeps> = {},
) {
  const baseLog = deps.log ?? createLogger({ route: route.name });
  const isSessionRevoked =
    deps.isSessionRevoked ?? (deps.verifyToken ? undefined : (id: Identity) => envRevocationCheck()(id));
  const checkStaffMfa = deps.checkStaffMfa ?? (deps.verifyToken ? undefined : (id: Identity) => envStaffMfaCheck()(id));
  const checkSessionRules: SessionRulesCheck | undefined =
    deps.checkSessionRules ?? (deps.verifyToken ? undefined : (r, id) => envSessionRules()(r, id));
  const checkPracticeRole: PracticeRoleCheck | undefined =
    deps.checkPracticeRole ??
    (deps.verifyToken || !route.practice ? undefined : (r, id) => envPracticeRoleCheck()(r, id));
  const verifyMachineToken =
    deps.verifyMachineToken ?? (deps.verifyToken ? undefined : (token: string) => envMachineVerifier()(token));
  const authDeps: Partial<HandlerDeps> = {
    ...deps,
    ...(verifyMachineToken ? { verifyMachineToken } : {}),
    ...(checkSessionRules ? { checkSessionRules } : {}),
    ...(checkPracticeRole ? { checkPracticeRole } : {}),
    ...(isSessionRevoked ? { isSessionRevoked } : {}),
    ...(checkStaffMfa ? { checkStaffMfa } : {}),
  };
  const auditLog =
    route.resources.audit === 'append' ? (deps.auditLog ?? (deps.verifyToken ? undefined : envAuditLog())) : undefined;
  // Every line logged while a request runs, by any logger, names its route, correlation id, caller and the ids
  // of what it touched (lambdas/http/log-context.ts).
  return inRequestContext(route.name, handleRequest);

  async function handleRequest(
    event: APIGatewayProxyEventV2,
    correlationId: string,
  ): Promise<APIGatewayProxyStructuredResultV2> {
    const headers = event.headers ?? {};
    const log = baseLog.child({ correlationId });
    const started = Date.now();
    let statusCode = 200;
    let body: unknown;
    let extraHeaders: Record<string, string> = {};
    let userId: string | undefined;
    const sourceIp = clientIp(event);
    // The caller as far as their token was verified (also when the session then turns out revoked).
    const seen: { identity: Identity | null } = { identity: null };
    const trail = () =>
      auditLog
        ? createAuditTrail(
            { route: route.name, correlationId, sourceIp, actor: seen.identity },
            { store: auditLog, log, now: systemClock.now },
          )
        : NO_AUDIT;
    // Refused before the token is read: another site's page is not a caller to audit (one write per forged
    // request would let any page fill the audit log), and its body is never parsed.
    let atTheDoor = true;
    try {
      checkThroughCloudFront(event);
      checkBrowserRequest(event, portalOrigins(event));
      atTheDoor = false;
      const identity = await authenticate(route, headers, authDeps, seen);
      userId = identity?.userId;
      if (userId) addToLogContext({ userId });
      const input = parseCallableInput(route.input, event.body, event.isBase64Encoded);
      addToLogContext(idsOf(input));
      const result = await run(input, { identity, correlationId, sourceIp, log, audit: trail() });
      const checked = z.safeParse(route.output, result);
      if (!checked.success) {
        log.error('output failed its schema', { issues: checked.error.issues.slice(0, 5) });
        throw new Error('Output schema mismatch');
      }
      // An order made by this request (submitOrder) is named from here on, with its number.
      addToLogContext(idsOf(checked.data));
      body = { result: checked.data };
    } catch (error) {
      const answer = errorAnswer(error, correlationId);
      statusCode = answer.statusCode;
      body = answer.body;
      extraHeaders = answer.headers ?? {};
      if (answer.log !== 'none') {
        const described = describeError(error, { stack: true });
        // A refused value or a busy service is answered 400 or 503 but still logged: a 400 here means an input
        // schema lacks a bound, and many 503s mean the service needs more capacity.
        if (answer.log === 'warn') log.warn('service refused or unavailable', { status: statusCode, error: described });
        else log.error('unhandled error', { error: described });
      }
      // 401, 403 and the not-found that hides another practice's data: who, which route, from where; never
      // the body. Waits at most DENIAL_WAIT_MS and never changes the answer.
      const denied = atTheDoor ? null : deniedStatusOf(statusCode, answer.body.error.message);
      if (denied) await trail().recordDenial(denied);
    }
    log.info('request', { userId, status: statusCode, ms: Date.now() - started });
    return {
      statusCode,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-correlation-id': correlationId,
        ...extraHeaders,
      },
      body: JSON.stringify(body),
    };
  }
}

async function authenticate(
  route: RouteDefinition,
  headers: Record<string, string | undefined>,
  deps: Partial<HandlerDeps>,
  seen: { identity: Identity | null },
): Promise<Identity | null> {
  const token = bearerToken(headers);
  if (route.access === 'public') {
    if (!token) return null;
    return verified(token, deps, seen).catch(() => (seen.identity = null));
  }
  if (isMachineAccess(route.access)) {
    if (!token) throw unauthenticated(MACHINE_TOKEN_REQUIRED_MESSAGE);
    const client = await verifiedMachine(token, deps, seen);
    if (!hasMachineScopes(client.machine?.scopes ?? [], route.access.machine))
      throw permissionDenied(MACHINE_SCOPE_MISSING_MESSAGE);
    return client;
  }
  if (!token) throw unauthenticated('Sign in to continue');
  const identity = await verified(token, deps, seen).catch(async (error: unknown) => {
    // A machine client's valid token is a known caller without the right (403), not an unknown one (401).
    if (
      deps.verifyMachineToken &&
      (await deps.verifyMachineToken(token).then(
        (id) => (seen.identity = id),
        () => null,
      ))
    )
      throw permissionDenied();
    throw error;
  });
  if (!route.access.some((group) => identity.groups.includes(group))) throw permissionDenied();
  // Staff see every practice's patients: without TOTP, no access (the sign-in page sets it up first), and a
  // session from before the authenticator's last change has not passed it.
  if (deps.checkStaffMfa && isStaff(identity.groups) && routeChecksStaffMfa(route)) {
    const verdict = await deps.checkStaffMfa(identity);
    if (verdict === 'no-totp') throw permissionDenied(STAFF_MFA_REQUIRED_MESSAGE);
    if (verdict === 'signed-in-before-change') throw unauthenticated(STAFF_MFA_CHANGED_MESSAGE);
  }
  if (deps.checkSessionRules) await deps.checkSessionRules(route, identity);
  return deps.checkPracticeRole ? deps.checkPracticeRole(route, identity) : identity;
}

/**
 * A machine client's token; a person's valid token here is refused 403 (signed in, but no machine client). No
 * session checks: the client-credentials grant has no session, sign-out or idle time.
 */
async function verifiedMachine(
  token: string,
  deps: Partial<HandlerDeps>,
  seen: { identity: Identity | null },
): Promise<Identity> {
  if (!deps.verifyMachineToken) throw unauthenticated(MACHINE_TOKEN_REQUIRED_MESSAGE);
  try {
    return (seen.identity = await deps.verifyMachineToken(token));
  } catch (error) {
    const person = await (deps.verifyToken ?? envVerifier())(token).catch(() => null);
    if (person) {
      seen.identity = person;
      throw permissionDenied();
    }
    throw error;
  }
}

async function verified(
  token: string,
  deps: Partial<HandlerDeps>,
  seen: { identity: Identity | null },
): Promise<Identity> {
  const identity = await (deps.verifyToken ?? envVerifier())(token);
  seen.identity = identity;
  if (deps.isSessionRevoked && (await deps.isSessionRevoked(identity))) {
    throw unauthenticated(SESSION_MESSAGES.ended);
  }
  return identity;
}
