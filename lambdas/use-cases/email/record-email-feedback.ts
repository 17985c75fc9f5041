import { lazySchema } from '../../../core/schemas/lazy-schema';
import * as z from '../../../core/zod';
import type { EmailSuppressionReason } from '../../../core/schemas/email/email-suppression';
import type { Logger } from '../../ports/logger';
import type { EmailSuppressions } from '../../ports/email-suppressions';

/**
 * The part of an SES event (EventBridge "Email Bounced" / "Email Complaint Received", the event's `detail`)
 * that decides what to record. Unknown fields are ignored; a shape SES never sends is refused.
 */
const recipient = lazySchema(() => z.object({ emailAddress: z.string().check(z.minLength(3), z.maxLength(320)) }));
const sesFeedbackSchema = lazySchema(() =>
  z.discriminatedUnion('eventType', [
    z.object({
      eventType: z.literal('Bounce'),
      bounce: z.object({
        // Permanent: the mailbox does not exist. Transient (full mailbox) and Undetermined may clear by themselves.
        bounceType: z.string(),
        bouncedRecipients: z.array(recipient).check(z.maxLength(100)),
        timestamp: z.string(),
      }),
      mail: z.object({ messageId: z.string() }),
    }),
    z.object({
      eventType: z.literal('Complaint'),
      complaint: z.object({ complainedRecipients: z.array(recipient).check(z.maxLength(100)), timestamp: z.string() }),
      mail: z.object({ messageId: z.string() }),
    }),
  ]),
);

export interface EmailFeedbackDeps {
  suppressions: Pick<EmailSuppressions, 'record'>;
  log: Logger;
}

export interface EmailFeedbackReport {
  recorded: number;
  reason: EmailSuppressionReason | null;
}

/**
 * Records the addresses of a hard bounce or a complaint, so the portal sends them nothing more and the user
 * lists show it. A soft bounce records nothing. Recording twice is harmless (the newer report replaces the
 * older), so an event EventBridge or Lambda delivers twice changes nothing. Logs the message id and counts,
 * never an address.
 */
export async function recordEmailFeedback(detail: unknown, deps: EmailFeedbackDeps): Promise<EmailFeedbackReport> {
  const parsed = sesFeedbackSchema.safeParse(detail);
  if (!parsed.success) {
    deps.log.warn('email feedback: not an SES bounce or complaint, ignored', {
      issues: parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    });
    return { recorded: 0, reason: null };
  }
  const event = parsed.data;
  const messageId = event.mail.messageId;
  if (event.eventType === 'Bounce' && event.bounce.bounceType !== 'Permanent') {
    deps.log.info('email feedback: soft bounce, nothing recorded', { messageId, bounceType: event.bounce.bounceType });
    return { recorded: 0, reason: null };
  }
  const [reason, recipients, at] =
    event.eventType === 'Bounce'
      ? (['bounce', event.bounce.bouncedRecipients, event.bounce.timestamp] as const)
      : (['complaint', event.complaint.complainedRecipients, event.complaint.timestamp] as const);
  for (const { emailAddress } of recipients) {
    await deps.suppressions.record({ address: emailAddress, reason, at, messageId });
  }
  deps.log.info('email feedback: addresses suppressed', { messageId, reason, recorded: recipients.length });
  return { recorded: recipients.length, reason };
}
