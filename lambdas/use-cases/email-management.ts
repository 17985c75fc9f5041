import type { z } from 'zod';
import { aborted, invalidArgument } from '../../core/errors';
import {
  EMAIL_PLACEHOLDERS,
  type EmailTemplate,
  type previewEmailTemplateInputSchema,
  type sendTestEmailInputSchema,
  type updateEmailTemplateInputSchema,
  type updateLabNotificationSettingsInputSchema,
} from '../../core/schemas/email';
import { checkTemplatePlaceholders, renderTemplate, templateEmail, type RenderedEmail } from '../email/render-template';
import { UnsafeEmailError } from '../email/safe-email';
import type { Logger } from '../http/logger';
import type { EmailSender } from '../ports/email-sender';
import type { EmailTemplates, LabRecipients } from '../ports/email-templates';
import { isWriteConflict } from '../ports/write-conflict';
import { describeError } from './directory-failure';

export const TEMPLATE_CHANGED = 'This email template changed since you opened it. Reload to see the latest.';
export const RECIPIENTS_CHANGED = 'The lab recipients changed since you opened them. Reload to see the latest.';
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
  deps: { templates: EmailTemplates; now: () => Date },
): Promise<EmailTemplate> {
  const text = { subject: input.subject, body: input.body };
  checkTemplatePlaceholders(input.kind, text);
  return deps.templates
    .save(input.kind, text, input.version, deps.now().toISOString())
    .catch(conflictAs(TEMPLATE_CHANGED));
}

/** The editor's unsaved text filled with the sample values (EMAIL_PLACEHOLDERS). */
export function previewEmailTemplate(input: z.output<typeof previewEmailTemplateInputSchema>): RenderedEmail {
  const text = { subject: input.subject, body: input.body };
  checkTemplatePlaceholders(input.kind, text);
  return renderTemplate(text, EMAIL_PLACEHOLDERS[input.kind]);
}

/** Sends the editor's text, filled with the samples, to one address. A failed send answers `sent: false`. */
export async function sendTestEmail(
  input: z.output<typeof sendTestEmailInputSchema>,
  deps: { mailer: EmailSender; log: Logger },
): Promise<{ sent: boolean }> {
  const text = { subject: input.subject, body: input.body };
  checkTemplatePlaceholders(input.kind, text);
  let email;
  try {
    email = templateEmail(input.to, text, EMAIL_PLACEHOLDERS[input.kind], TEST_SUBJECT_PREFIX);
  } catch (error) {
    refuseUnsafe(error);
  }
  try {
    await deps.mailer.send(email);
    return { sent: true };
  } catch (error) {
    deps.log.warn('sendTestEmail: send failed', { kind: input.kind, error: describeError(error) });
    return { sent: false };
  }
}

export function getLabNotificationSettings(deps: { templates: EmailTemplates }): Promise<LabRecipients> {
  return deps.templates.labRecipients();
}

/** Stores the recipients lower-cased and without repeats, if nobody changed them since they were read. */
export async function updateLabNotificationSettings(
  input: z.output<typeof updateLabNotificationSettingsInputSchema>,
  deps: { templates: EmailTemplates; now: () => Date },
): Promise<LabRecipients> {
  const recipients = [...new Set(input.recipients.map((r) => r.trim().toLowerCase()))];
  return deps.templates
    .saveLabRecipients(recipients, input.version, deps.now().toISOString())
    .catch(conflictAs(RECIPIENTS_CHANGED));
}
