import { CHANGED_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { aborted, invalidArgument } from '../../../core/errors';
import {
  EMAIL_PLACEHOLDERS,
  type EmailTemplate,
  type previewEmailTemplateInputSchema,
  type sendTestEmailInputSchema,
  type updateEmailTemplateInputSchema,
  type updateLabNotificationSettingsInputSchema,
} from '../../../core/schemas/email/email';
import { checkTemplatePlaceholders } from '../../email/check-template-placeholders';
import { renderTemplate, templateEmail, type RenderedEmail } from '../../email/render-template';
import { UnsafeEmailError } from '../../email/safe-email';
import type { Identity } from '../../auth/verify-token';
import type { Logger } from '../../ports/logger';
import type { AuditTrail } from '../../ports/audit-log';
import type { RateLimiter } from '../../ports/rate-limiter';
import type { EmailTemplates, LabRecipients } from '../../ports/email-templates';
import { isWriteConflict } from '../../ports/write-conflict';
import {
  consumeSendBudget,
  queueEmails,
  recordSendForAudit,
  RELAY_MESSAGES,
  type QueueEmailsDeps,
} from './email-relay-guard';
import type { Clock } from '../../kernel/clock';

export const TEST_SUBJECT_PREFIX = '[Test] ';

const conflictAs =
  (message: string) =>
  (error: unknown): never => {
    if (isWriteConflict(error)) throw aborted(message);
    throw error;
  };

/** A subject that renders with a line break (only possible through a sample value) is a 400, not a 500. */
function refuseUnsafe(error: unknown): never {
  if (error instanceof UnsafeEmailError) throw invalidArgument(error.message, { subject: [error.message] });
  throw error;
}

export async function listEmailTemplates(deps: { templates: EmailTemplates }): Promise<{ items: EmailTemplate[] }> {
  return { items: await deps.templates.list() };
}

/** Saves a template if every placeholder is one its email fills and nobody saved it since it was read. */
export async function updateEmailTemplate(
  input: z.output<typeof updateEmailTemplateInputSchema>,
  deps: { templates: EmailTemplates; now: Clock['now']; audit?: AuditTrail },
): Promise<EmailTemplate> {
  const text = { subject: input.subject, body: input.body };
  checkTemplatePlaceholders(input.kind, text);
  const before = deps.audit ? await deps.templates.get(input.kind) : null;
  const saved = await deps.templates
    .save(input.kind, text, input.version, deps.now().toISOString())
    .catch(conflictAs(CHANGED_MESSAGES.emailTemplate));
  await deps.audit?.recordChange({
    action: 'email-template.update',
    target: { type: 'email-template', id: input.kind },
    before: before && { subject: before.subject, body: before.body, version: before.version },
    after: { subject: saved.subject, body: saved.body, version: saved.version },
  });
  return saved;
}

/** The editor's unsaved text filled with the sample values (EMAIL_PLACEHOLDERS). */
export function previewEmailTemplate(input: z.output<typeof previewEmailTemplateInputSchema>): RenderedEmail {
  const text = { subject: input.subject, body: input.body };
  checkTemplatePlaceholders(input.kind, text);
  return renderTemplate(text, EMAIL_PLACEHOLDERS[input.kind]);
}

/**
 * Queues the editor's text, filled with the samples, for the caller's own address (their token's email): not a
 * relay to anyone else. A `to` naming another address is a 400; sends are budgeted per
 * caller (429) and logged for the audit trail. `sent` says it was queued in the outbox, whose consumer sends it;
 * one that could not be queued answers `sent: false`.
 */
export async function sendTestEmail(
  caller: Identity,
  input: z.output<typeof sendTestEmailInputSchema>,
  deps: QueueEmailsDeps & { limiter: RateLimiter; log: Logger; audit?: AuditTrail },
): Promise<{ sent: boolean }> {
  const own = caller.email.toLowerCase();
  if (input.to !== undefined && input.to.toLowerCase() !== own) {
    const message = RELAY_MESSAGES.testToOwnAddress(caller.email);
    throw invalidArgument(message, { to: [message] });
  }
  const text = { subject: input.subject, body: input.body };
  checkTemplatePlaceholders(input.kind, text);
  let email;
  try {
    email = templateEmail(own, text, EMAIL_PLACEHOLDERS[input.kind], TEST_SUBJECT_PREFIX);
  } catch (error) {
    refuseUnsafe(error);
  }
  await consumeSendBudget('sendTestEmail', caller, deps.limiter);
  const queued = await queueEmails(deps, { route: 'sendTestEmail', kind: input.kind }, () => [email]);
  await recordSendForAudit(deps.audit, {
    action: 'email.send-test',
    kind: input.kind,
    recipients: [own],
    subject: email.subject,
    queued,
  });
  return { sent: queued === 1 };
}

export function getLabNotificationSettings(deps: { templates: EmailTemplates }): Promise<LabRecipients> {
  return deps.templates.labRecipients();
}

/** Stores the recipients lower-cased and without repeats, if nobody changed them since they were read. */
export async function updateLabNotificationSettings(
  input: z.output<typeof updateLabNotificationSettingsInputSchema>,
  deps: { templates: EmailTemplates; now: Clock['now']; audit?: AuditTrail },
): Promise<LabRecipients> {
  const recipients = [...new Set(input.recipients.map((r) => r.trim().toLowerCase()))];
  const before = deps.audit ? await deps.templates.labRecipients() : null;
  const saved = await deps.templates
    .saveLabRecipients(recipients, input.version, deps.now().toISOString())
    .catch(conflictAs(CHANGED_MESSAGES.labRecipients));
  await deps.audit?.recordChange({
    action: 'lab-recipients.update',
    target: { type: 'lab-recipients', id: 'lab' },
    before,
    after: saved,
  });
  return saved;
}
