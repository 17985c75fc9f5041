import type { EventBridgeEvent } from 'aws-lambda';
import { dynamoEmailSuppressions } from '../adapters/dynamo-email-suppressions';
import { createLogger } from '../http/logger';
import { recordEmailFeedback, type EmailFeedbackReport } from '../use-cases/email/record-email-feedback';

const suppressions = dynamoEmailSuppressions();

/**
 * SES's bounce and complaint events for the stage's configuration set, delivered by an EventBridge rule
 * (infra/constructs/email-feedback.ts). Not a route: nobody calls it over HTTP. A failure throws, so Lambda
 * retries the event; recording an address twice is harmless.
 */
export async function handler(event: EventBridgeEvent<string, unknown>): Promise<EmailFeedbackReport> {
  const log = createLogger({ component: 'email-feedback', eventId: event.id, detailType: event['detail-type'] });
  return recordEmailFeedback(event.detail, { suppressions, log });
}
