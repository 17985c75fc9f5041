import type * as z from '../../../core/zod';
import type { sendEmailInputSchema } from '../../../core/schemas/email/email';
import { mapWithLimit } from '../../concurrency/map-with-limit';
import { templateEmail } from '../../email/render-template';
import type { Identity } from '../../auth/verify-token';
import type { Logger } from '../../ports/logger';
import type { AuditTrail } from '../../ports/audit-log';
import type { EmailSender } from '../../ports/email-sender';
import type { RateLimiter } from '../../ports/rate-limiter';
import { consumeSendBudget, recordSendForAudit, knownRecipients, type KnownRecipientsDeps } from './email-relay-guard';
import { sendBestEffort } from '../../kernel/notify';

/**
 * spec 7 `POST auth/email/{kind}`, spec 8 "the email send swallows errors and returns false": sends the
 * admin's subject and body to every recipient and answers true, or false when any send failed (logged,
 * never thrown). The spec's wire format joins recipients with ";"; SES takes a list, so no join is needed
 * here. Each recipient gets an email of their own, so practices never see each other's addresses.
 *
 * Not a relay: only a practice's user or a lab recipient is mailed; any other address is left out without a
 * word (the answer does not say which addresses belong to users, docs/decisions/0086-no-account-enumeration.md), the
 * caller has a budget of calls (429 beyond it), and the send, with what was left out, is recorded in the audit trail.
 */
export async function sendEmail(
  caller: Identity,
  input: z.output<typeof sendEmailInputSchema>,
  deps: KnownRecipientsDeps & { mailer: EmailSender; limiter: RateLimiter; log: Logger; audit?: AuditTrail },
): Promise<boolean> {
  const asked = [...new Set(input.recipients.map((r) => r.toLowerCase()))];
  await consumeSendBudget('sendEmail', caller, deps.limiter);
  const recipients = await knownRecipients(asked, deps);
  const withheld = asked.filter((r) => !recipients.includes(r));
  const results = await mapWithLimit(recipients, 4, (to) =>
    // The body is plain text: the HTML part escapes it and keeps its paragraphs and line breaks.
    sendBestEffort(deps.log, 'sendEmail: send failed', { kind: input.kind }, () =>
      deps.mailer.send(templateEmail(to, { subject: input.subject, body: input.body }, {})),
    ),
  );
  const failed = results.filter((ok) => !ok).length;
  if (failed > 0)
    deps.log.warn('sendEmail: not every email was sent', { kind: input.kind, failed, of: results.length });
  await recordSendForAudit(deps.audit, {
    action: 'email.send',
    kind: input.kind,
    recipients,
    withheld,
    subject: input.subject,
    sent: failed === 0,
  });
  return failed === 0;
}
