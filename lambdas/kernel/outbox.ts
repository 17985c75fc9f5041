import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';

/**
 * Which sender delivers a notice: the order, money and consult notifiers render theirs from the Email
 * Management templates when they deliver it (the lab's recipients as they are then); `email` is an email the
 * use case already composed (an account request's answer, an invitation, a message the lab wrote);
 * `parcel-tracking` is no email: a shipped parcel registered with the tracking service, with the outbox's
 * retries, so a close never waits on (nor fails for) the service; `webhook` is an event for the lab's own
 * systems, which the consumer fans out to the subscribed endpoints (kernel/webhook-event.ts).
 */
export type NoticeTopic = 'order' | 'money' | 'consult' | 'email' | 'parcel-tracking' | 'webhook';

/**
 * One notice in the transactional outbox: stored in the same transaction as the change that causes it, and
 * delivered after by the consumer (lambdas/use-cases/notices/deliver-notices.ts), once per recipient.
 * `notice` is plain JSON: what the topic's sender needs, as it was at the change.
 */
export interface OutboxMessage {
  messageId: string;
  topic: NoticeTopic;
  notice: Record<string, unknown>;
  createdAt: string;
}

/**
 * A notice for the outbox, written with the change it reports. The id is fresh unless the change already has a
 * stable one (a retried write that builds its message again must not store two).
 */
export function outboxMessage(
  deps: Pick<Clock, 'now'>,
  topic: NoticeTopic,
  notice: Record<string, unknown>,
  messageId: string = randomUUID(),
): OutboxMessage {
  return {
    messageId,
    topic,
    notice: JSON.parse(JSON.stringify(notice)) as Record<string, unknown>,
    createdAt: deps.now().toISOString(),
  };
}

/**
 * How the consumer treats a message it cannot deliver yet: a lease long enough for one delivery (a consumer
 * killed mid-batch leaves its leased messages to the next after this), retries doubling from `retryBaseMs` up to
 * `retryCapMs`, and after `attempts` tries the message is parked in the dead-letter store, where an alarm sees
 * it and `npm run outbox:redrive` sends it again. Delivered records are kept `keepDays` (who got what, when).
 */
export interface OutboxPolicy {
  leaseMs: number;
  attempts: number;
  retryBaseMs: number;
  retryCapMs: number;
  keepDays: number;
}

/** 12 tries over about six hours: an SES or DynamoDB outage of an afternoon loses nothing. */
export const OUTBOX_POLICY: OutboxPolicy = {
  leaseMs: 120_000,
  attempts: 12,
  retryBaseMs: 30_000,
  retryCapMs: 3_600_000,
  keepDays: 14,
};

/** When the `attempt`-th failed try (1-based) is tried again: doubling, capped, with up to 10 % jitter. */
export function retryDelayMs(attempt: number, policy: Pick<OutboxPolicy, 'retryBaseMs' | 'retryCapMs'>): number {
  const delay = Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempt - 1), policy.retryCapMs);
  return delay + Math.floor(Math.random() * delay * 0.1);
}
