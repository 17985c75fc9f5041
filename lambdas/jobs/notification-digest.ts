import type { ScheduledEvent } from 'aws-lambda';
import { dynamoEmailTemplates } from '../adapters/dynamo-email-templates';
import { dynamoNotificationStore } from '../adapters/dynamo-notification-store';
import { dynamoUsersRepository } from '../adapters/dynamo-users-repository';
import { portalUrl } from '../email/email-config';
import { createLogger } from '../http/logger';
import { systemClock } from '../kernel/clock';
import { sendDigests, type DigestReport } from '../use-cases/notifications/send-digests';

/**
 * The daily notification digest (core/jobs.ts `notificationDigest`): an EventBridge schedule in AWS, a timer in
 * the local stack. Safe to run again: each user's digest of a day is marked in the write that queues its email.
 */
export async function handler(_event?: ScheduledEvent): Promise<DigestReport> {
  return sendDigests({
    notifications: dynamoNotificationStore(),
    users: dynamoUsersRepository(),
    templates: dynamoEmailTemplates(),
    portalUrl: portalUrl(),
    log: createLogger({ job: 'notificationDigest' }),
    now: systemClock.now,
  });
}
