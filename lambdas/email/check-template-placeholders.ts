import { invalidArgument } from '../../core/errors';
import { EMAIL_PLACEHOLDERS, type EmailKind } from '../../core/schemas/email/email-kinds';
import type { TemplateText } from './default-templates';
import { placeholdersIn } from './render-template';

// Email Management's check before a template is saved, previewed or sent as a test; apart from
// render-template.ts so the functions that only send email do not bundle every email's placeholder list.

/**
 * Refuses a template that uses a placeholder its email does not fill (a typo would otherwise reach every
 * customer as "{{patientNmae}}"). 400 with the field and the allowed names.
 */
export function checkTemplatePlaceholders(kind: EmailKind, text: TemplateText): void {
  const allowed = Object.keys(EMAIL_PLACEHOLDERS[kind]);
  const fieldErrors: Record<string, string[]> = {};
  for (const field of ['subject', 'body'] as const) {
    const unknown = placeholdersIn(text[field]).filter((name) => !allowed.includes(name));
    if (unknown.length > 0) {
      fieldErrors[field] = [
        `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `{{${n}}}`).join(', ')}. ` +
          `This email can use: ${allowed.map((n) => `{{${n}}}`).join(', ')}`,
      ];
    }
  }
  const fields = Object.keys(fieldErrors);
  if (fields.length > 0) {
    throw invalidArgument(fieldErrors[fields[0]!]![0]!, fieldErrors);
  }
}
