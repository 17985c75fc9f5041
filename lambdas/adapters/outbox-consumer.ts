import { OUTBOX_POLICY, type OutboxPolicy } from '../kernel/outbox';
import { systemClock } from '../kernel/clock';
import type { Logger } from '../ports/logger';
import type { TrackRequest } from '../ports/parcel-tracking';
import { directoryNotificationAudiences } from './directory-notification-audiences';
import { dynamoNoticeOutbox } from './dynamo-notice-outbox';
import { dynamoNotificationStore } from './dynamo-notification-store';
import { dynamoOrdersRepository } from './dynamo-orders-repository';
import { dynamoWebhookStore } from './dynamo-webhook-store';
import { templateNoticeSenders } from './notice-senders';
import { parcelTrackingFromEnv } from './parcel-tracking-from-env';
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

/** How long the lab's staff list is reused: NOTIFICATION_STAFF_CACHE_MS where the local stack sets it (0: never). */
function staffCacheMs(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = Number(env['NOTIFICATION_STAFF_CACHE_MS']);
  return env['NOTIFICATION_STAFF_CACHE_MS'] !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
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
    // The notification centre: each notice's inbox items, and the practice's choices of whom to email.
    centre: {
      notifications: dynamoNotificationStore(),
      audiences: directoryNotificationAudiences({ staffTtlMs: staffCacheMs() }),
      sleep: systemClock.sleep,
    },
    // Shipped parcels registered with the tracking service. The service is made at the first parcel, so a stage
    // whose tracking is not set up still delivers every email (its parcel messages retry, then park).
    parcels: {
      tracking: { track: (request: TrackRequest) => parcelTrackingFromEnv().track(request) },
      orders: dynamoOrdersRepository(),
    },
    // Webhook events fanned out to their endpoints' delivery logs (the deliverWebhooks job posts them).
    webhooks: dynamoWebhookStore(),
  };
}
