import { WEBHOOK_RETRY_POLICY, type WebhookRetryPolicy } from '../../core/rules/webhook-events';
import { systemClock } from '../kernel/clock';
import type { Logger } from '../ports/logger';
import { dynamoWebhookStore } from './dynamo-webhook-store';
import { httpWebhookPoster, isLocalStage } from './http-webhook-poster';

/**
 * The webhook retry policy, with the local stack's shorter beat where it sets one (WEBHOOK_RETRY_BASE_MS,
 * WEBHOOK_RETRY_CAP_MS, WEBHOOK_ATTEMPTS): a receiver that comes back is caught up within seconds locally.
 */
export function webhookRetryPolicy(env: NodeJS.ProcessEnv = process.env): WebhookRetryPolicy {
  const positive = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    ...WEBHOOK_RETRY_POLICY,
    attempts: positive('WEBHOOK_ATTEMPTS', WEBHOOK_RETRY_POLICY.attempts),
    retryBaseMs: positive('WEBHOOK_RETRY_BASE_MS', WEBHOOK_RETRY_POLICY.retryBaseMs),
    retryCapMs: positive('WEBHOOK_RETRY_CAP_MS', WEBHOOK_RETRY_POLICY.retryCapMs),
  };
}

/** The endpoint routes' rule for URLs: loopback http only in the local stack. */
export const webhookUrlRules = () => ({ local: isLocalStage() });

/** What posts deliveries (the sweep job and the redeliver route), made once per Lambda instance. */
export function webhookDeliveryDeps(log: Logger) {
  return {
    webhooks: dynamoWebhookStore(),
    poster: httpWebhookPoster({ local: isLocalStage() }),
    log,
    now: systemClock.now,
    policy: webhookRetryPolicy(),
  };
}
