import type { ScheduledEvent } from 'aws-lambda';
import { dynamoBillingSettings } from '../adapters/dynamo-billing-settings';
import { dynamoCustomersRepository } from '../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../adapters/dynamo-money-store';
import { dynamoPaymentReminderMarks } from '../adapters/dynamo-payment-reminder-marks';
import { createLogger } from '../http/logger';
import { systemClock } from '../kernel/clock';
import { sendPaymentReminders, type PaymentRemindersReport } from '../use-cases/billing/payment-reminders';

/** What the job runs with in AWS and in the local stack; integration tests run the same with their own clock. */
export const paymentRemindersDeps = () => ({
  money: dynamoMoneyStore(),
  customers: dynamoCustomersRepository(),
  settings: dynamoBillingSettings(),
  marks: dynamoPaymentReminderMarks(),
  log: createLogger({ job: 'paymentReminders' }),
  now: systemClock.now,
});

/**
 * The daily payment reminders (core/jobs.ts). A failure throws, so Lambda's retries of the scheduled invocation
 * run it again; the once-marks make every re-run safe.
 */
export async function handler(_event?: ScheduledEvent): Promise<PaymentRemindersReport> {
  return sendPaymentReminders(paymentRemindersDeps());
}
