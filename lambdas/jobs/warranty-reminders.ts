import type { ScheduledEvent } from 'aws-lambda';
import { dynamoMoneyStore } from '../adapters/dynamo-money-store';
import { dynamoOnceMarks } from '../adapters/dynamo-once-marks';
import { dynamoOrdersRepository } from '../adapters/dynamo-orders-repository';
import { createLogger } from '../http/logger';
import { sendWarrantyReminders, type WarrantyRemindersReport } from '../use-cases/credit/warranty-reminders';
import { systemClock } from '../kernel/clock';

/**
 * The daily "warranty ending" job (core/jobs.ts): an EventBridge schedule in AWS, a timer in the local
 * stack. Not a route: nobody calls it over HTTP. A failure throws, so Lambda's retries of the scheduled
 * invocation run it again; the once-marks make every re-run safe.
 */
export async function handler(_event?: ScheduledEvent): Promise<WarrantyRemindersReport> {
  const log = createLogger({ job: 'warrantyReminders' });
  return sendWarrantyReminders({
    orders: dynamoOrdersRepository(),
    claims: dynamoMoneyStore(),
    marks: dynamoOnceMarks(),
    log,
    now: systemClock.now,
  });
}
