import type { ScheduledEvent } from 'aws-lambda';
import { webhookDeliveryDeps } from '../adapters/webhook-deps';
import { createLogger } from '../http/logger';
import {
  deliverDueWebhooks,
  type DeliverWebhooksDeps,
  type WebhookSweepReport,
} from '../use-cases/webhook-endpoints/deliver-webhooks';

let deps: DeliverWebhooksDeps | undefined;

/**
 * The webhook sweep (core/jobs.ts `deliverWebhooks`): every minute in AWS, every second locally. Posts each
 * delivery that is due and fails one after its last try. Safe to run twice at once: each delivery is claimed.
 */
export async function handler(_event?: ScheduledEvent): Promise<WebhookSweepReport> {
  deps ??= webhookDeliveryDeps(createLogger({ job: 'deliverWebhooks' }));
  return deliverDueWebhooks(deps);
}
