import type { ScheduledEvent } from 'aws-lambda';
import { dynamoOrdersRepository } from '../adapters/dynamo-orders-repository';
import { s3AttachedFiles } from '../adapters/s3-attached-files';
import { ORDER_FILES } from '../ports/attached-files';
import { createLogger } from '../http/logger';
import { systemClock } from '../kernel/clock';
import { removeAbandonedDraftFiles, type AbandonedDraftFilesReport } from '../use-cases/orders/abandoned-draft-files';

/**
 * The daily "abandoned draft files" job (core/jobs.ts): an EventBridge schedule in AWS, a timer in the local
 * stack. Not a route: nobody calls it over HTTP. Removing files twice is harmless, so a retry is safe.
 */
export async function handler(_event?: ScheduledEvent): Promise<AbandonedDraftFilesReport> {
  return removeAbandonedDraftFiles({
    orders: dynamoOrdersRepository(),
    files: s3AttachedFiles(ORDER_FILES),
    log: createLogger({ job: 'abandonedDraftFiles' }),
    now: systemClock.now,
  });
}
