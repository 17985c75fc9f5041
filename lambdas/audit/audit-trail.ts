import { describeError } from '../../core/describe-error';
import { randomUUID } from 'node:crypto';
import type { AuditEvent } from '../../core/schemas/audit';
import type { Identity } from '../auth/verify-token';
import type { Logger } from '../ports/logger';
import type { AdminChange, AuditLog, AuditTrail } from '../ports/audit-log';
import { changedValues } from './redact-audit-values';
import type { Clock } from '../kernel/clock';

/** Who and where: what the handler wrapper knows of a request (never its body or token). */
export interface AuditRequest {
  route: string;
  correlationId: string;
  sourceIp: string;
  /** The verified caller; null when the request carried no valid token. */
  actor: Identity | null;
}

export interface AuditTrailDeps {
  store: AuditLog;
  log: Pick<Logger, 'error'>;
  now: Clock['now'];
  newId?: () => string;
  /** How long a change waits for its entry (default CHANGE_WAIT_MS). */
  changeWaitMs?: number;
  /** How long a denied request waits for its entry (default DENIAL_WAIT_MS). */
  denialWaitMs?: number;
}

/**
 * A change is already made when it is recorded, so its entry never fails it: the write gets this long, then
 * the request answers anyway and the entry goes to the error log instead (an operator can copy it back).
 */
export const CHANGE_WAIT_MS = 2_000;
/** A denial answers at once: a DynamoDB put takes a few ms, so this bounds only a slow or failing store. */
export const DENIAL_WAIT_MS = 300;

const DENIAL_ACTION = {
  401: 'access.unauthenticated',
  403: 'access.denied',
  404: 'access.hidden-not-found',
} as const;
export type DeniedStatus = keyof typeof DENIAL_ACTION;

/** The request's audit trail: use cases record changes through it, the wrapper records denials. */
export interface RequestAuditTrail extends AuditTrail {
  recordDenial(status: DeniedStatus): Promise<void>;
}

export function createAuditTrail(request: AuditRequest, deps: AuditTrailDeps): RequestAuditTrail {
  const { now } = deps;
  const newId = deps.newId ?? randomUUID;
  const base = () => ({
    eventId: newId(),
    at: now().toISOString(),
    actor: request.actor
      ? { userId: request.actor.userId, email: request.actor.email, groups: [...request.actor.groups] }
      : null,
    route: request.route,
    correlationId: request.correlationId,
    sourceIp: request.sourceIp,
  });

  return {
    recordChange(change: AdminChange) {
      const { before, after } = changedValues(change.before, change.after, change.keep);
      const event: AuditEvent = {
        ...base(),
        kind: 'change',
        action: change.action,
        target: { type: change.target.type, id: change.target.id },
        accountNumber: change.accountNumber ? change.accountNumber.toUpperCase() : null,
        status: null,
        before,
        after,
      };
      return appendWithin(event, deps.changeWaitMs ?? CHANGE_WAIT_MS, deps);
    },
    recordDenial(status: DeniedStatus) {
      const event: AuditEvent = {
        ...base(),
        kind: 'denied',
        action: DENIAL_ACTION[status],
        target: null,
        accountNumber: null,
        status,
        before: null,
        after: null,
      };
      return appendWithin(event, deps.denialWaitMs ?? DENIAL_WAIT_MS, deps);
    },
  };
}

/**
 * Appends, waiting at most `waitMs`; never throws. A write still running then is aborted (the SDK call is
 * cancelled, so nothing is left pending when Lambda freezes the process) and logged with its entry. Also the
 * writer of the sign-in events (the Cognito bridge, the auth-audit function).
 */
export async function appendWithin(
  event: AuditEvent,
  waitMs: number,
  deps: Pick<AuditTrailDeps, 'store' | 'log'>,
): Promise<void> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), waitMs);
  });
  try {
    const outcome = await Promise.race([deps.store.append(event, controller.signal).then(() => 'written'), timedOut]);
    if (outcome === 'timeout') {
      controller.abort();
      deps.log.error('AUDIT WRITE FAILED', { reason: `no answer within ${waitMs} ms`, event });
    }
  } catch (error) {
    deps.log.error('AUDIT WRITE FAILED', {
      error: describeError(error),
      event,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** A trail that records nothing: for code run outside a request (jobs, the seed) and tests that do not look. */
export const NO_AUDIT: RequestAuditTrail = {
  recordChange: async () => {},
  recordDenial: async () => {},
};
