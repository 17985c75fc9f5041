import { OUTBOX_POLICY, type OutboxPolicy } from '../kernel/outbox';
import { systemClock } from '../kernel/clock';
import type { Logger } from '../ports/logger';
import { dynamoNoticeOutbox } from './dynamo-notice-outbox';
import { templateNoticeSenders } from './notice-senders';
import { sesEmailSender } from './ses-email-sender';

/**
 * The outbox policy, with the local stack's shorter beat where it sets one (OUTBOX_LEASE_MS,
 * OUTBOX_RETRY_BASE_MS, OUTBOX_RETRY_CAP_MS): an email service back after a minute is caught up within
 * seconds locally, within minutes in AWS.
 */
export function outboxPolicy(env: NodeJS.ProcessEnv = process.env): OutboxPolicy {
  const ms = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    ...OUTBOX_POLICY,
    leaseMs: ms('OUTBOX_LEASE_MS', OUTBOX_POLICY.leaseMs),
    retryBaseMs: ms('OUTBOX_RETRY_BASE_MS', OUTBOX_POLICY.retryBaseMs),
    retryCapMs: ms('OUTBOX_RETRY_CAP_MS', OUTBOX_POLICY.retryCapMs),
  };
}

/** The consumer's ports against DynamoDB and SES, made once per Lambda instance (or local process). */
export function outboxConsumerDeps(log: Logger) {
  return {
    outbox: dynamoNoticeOutbox(),
    senders: templateNoticeSenders({ log }),
    mailer: sesEmailSender(),
    log,
    now: systemClock.now,
    policy: outboxPolicy(),
  };
}
