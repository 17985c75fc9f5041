import type * as z from '../../../core/zod';
import type { sendEmailInputSchema } from '../../../core/schemas/email/email';
import { templateEmail } from '../../email/render-template';
import type { Identity } from '../../auth/verify-token';
import type { Logger } from '../../ports/logger';
import type { AuditTrail } from '../../ports/audit-log';
import type { RateLimiter } from '../../ports/rate-limiter';
import {
  consumeSendBudget,
  knownRecipients,
  queueEmails,
  recordSendForAudit,
  type KnownRecipientsDeps,
  type QueueEmailsDeps,
} from './email-relay-guard';

/**
 * spec 7 `POST auth/email/{kind}`, spec 8 "the email send swallows errors and returns false": queues the
 * admin's subject and body for every recipient in the outbox (one write, all or none; the outbox consumer sends
 * them, retrying until each goes out) and answers true, or false when they could not be queued (logged, never
 * thrown). The spec's wire format joins recipients with ";"; SES takes a list, so no join is needed here. Each
 * recipient gets an email of their own, so practices never see each other's addresses.
 *
 * Not a relay: only a practice's user or a lab recipient is mailed; any other address is left out without a
 * word (the answer does not say which addresses belong to users, docs/decisions/0086-no-account-enumeration.md), the
 * caller has a budget of calls (429 beyond it), and the send, with what was left out and how many were queued,
 * is recorded in the audit trail.
 */
export async function sendEmail(
  caller: Identity,
  input: z.output<typeof sendEmailInputSchema>,
  deps: KnownRecipientsDeps & QueueEmailsDeps & { limiter: RateLimiter; log: Logger; audit?: AuditTrail },
): Promise<boolean> {
  const asked = [...new Set(input.recipients.map((r) => r.toLowerCase()))];
  await consumeSendBudget('sendEmail', caller, deps.limiter);
  const recipients = await knownRecipients(asked, deps);
  const withheld = asked.filter((r) => !recipients.includes(r));
  // The body is plain text: the HTML part escapes it and keeps its paragraphs and line breaks.
  const queued = await queueEmails(deps, { route: 'sendEmail', kind: input.kind }, () =>
    recipients.map((to) => templateEmail(to, { subject: input.subject, body: input.body }, {})),
  );
  await recordSendForAudit(deps.audit, {
    action: 'email.send',
    kind: input.kind,
    recipients,
    withheld,
    subject: input.subject,
    queued,
  });
  return queued === recipients.length;
}
