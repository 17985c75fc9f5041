import type { ScheduledEvent } from 'aws-lambda';
import { outboxConsumerDeps } from '../adapters/outbox-consumer';
import { createLogger } from '../http/logger';
import { deliverDueNotices, type DeliverNoticesDeps, type DeliveryReport } from '../use-cases/notices';

let deps: DeliverNoticesDeps | undefined;

/**
 * The outbox sweep (core/jobs.ts `deliverNotices`): every minute in AWS, every second locally. It sends what is
 * due (a retry after its backoff, or a message the stream consumer did not deliver) and parks a message in the
 * dead-letter store after its last try. Safe to run twice at once: each message is claimed before it is sent.
 */
export async function handler(_event?: ScheduledEvent): Promise<DeliveryReport> {
  deps ??= outboxConsumerDeps(createLogger({ job: 'deliverNotices' }));
  return deliverDueNotices(deps);
}
