import type { DynamoDBStreamEvent } from 'aws-lambda';
import { outboxConsumerDeps } from '../adapters/outbox-consumer';
import { createLogger } from '../http/logger';
import { deliverEach, type DeliverNoticesDeps, type DeliveryReport } from '../use-cases/notices';

let deps: DeliverNoticesDeps | undefined;

/**
 * The outbox table's stream consumer: a new message is delivered within a second of the change that wrote it.
 * A message that fails is left pending with its backoff for the sweep (lambdas/jobs/deliver-notices.ts), so
 * this throws only when the outbox itself cannot be reached; then Lambda retries the batch and, after its
 * retries, sends the batch's description to the stream's dead-letter queue (infra), while the messages stay
 * pending in the table for the sweep.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DeliveryReport> {
  deps ??= outboxConsumerDeps(createLogger({ component: 'outbox-stream' }));
  const ids = event.Records.filter((r) => r.eventName === 'INSERT')
    .map((r) => r.dynamodb?.Keys?.messageId?.S)
    .filter((id): id is string => typeof id === 'string');
  return deliverEach(deps, ids);
}
