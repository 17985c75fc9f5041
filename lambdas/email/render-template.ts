import { EMAIL_BODY_STYLE } from '../../core/email-style';
import type { TemplateText } from './default-templates';
import {
  composeEmail,
  html,
  inertText,
  withoutFormatCharacters,
  type OutgoingEmail,
  type SafeHtml,
} from './safe-email';

/**
 * Fills an Email Management template. Template text is plain text written by a super admin; the values
 * come from users (patient names, notes), so in the HTML part both the template text and every value are
 * escaped, and only our own markup (paragraphs, line breaks, links) is added. The plain-text part needs no
 * escaping. Subjects go through composeEmail, which refuses CR/LF: a value such as "x\r\nBcc: y" cannot
 * add a header. Only the portal's own links become links: every other value is text, made inert so no mail
 * client links it (inertText), and a subject loses invisible format characters
 * (docs/decisions/0084-visitor-text-in-emails.md).
 */

/**
 * Placeholders whose value the portal builds as a link to itself (portalLink, PORTAL_URL), and `tracking`: the
 * carriers' tracking pages of a shipped order's parcels, built only from numbers checked at the close
 * (lambdas/email/order-email-values.ts trackingText). Their values are shown as written.
 */
const LINK_PLACEHOLDER = /^(?:[a-z][A-Za-z]*Link|portalUrl|tracking)$/;

/** A value as the email shows it: the portal's own link as it is, anything else as inert text. */
const shown = (name: string, value: string) => (LINK_PLACEHOLDER.test(name) ? value : inertText(value));

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The placeholder names a text uses, in order of appearance, without repeats. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A link placeholder's value that is a web address renders as a link in the HTML part (order links, the portal). */
const isWebAddress = (value: string) => /^https?:\/\/[^\s<>"']+$/.test(value);

function fillText(text: string, values: Record<string, string>): string {
  // Unknown placeholders stay visible as written (saved templates are checked, so only old data has them).
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : shown(name, value);
  });
}

/** A subject: the template's line with its values, one plain line without invisible format characters. */
const fillSubject = (subject: string, values: Record<string, string>) =>
  withoutFormatCharacters(fillText(subject, values)).trim();

function lineHtml(line: string, values: Record<string, string>): SafeHtml {
  const parts: (string | SafeHtml)[] = [];
  let last = 0;
  for (const match of line.matchAll(PLACEHOLDER)) {
    parts.push(line.slice(last, match.index));
    const name = match[1]!;
    const value = values[name];
    if (value === undefined) parts.push(match[0]);
    else if (LINK_PLACEHOLDER.test(name) && isWebAddress(value)) parts.push(html`<a href="${value}">${value}</a>`);
    else parts.push(multiLine(shown(name, value)));
    last = match.index + match[0].length;
  }
  parts.push(line.slice(last));
  return html`${parts}`;
}

/** A multi-line value (a hold message) keeps its line breaks. */
function multiLine(value: string): SafeHtml {
  return html`${value.split(/\r?\n/).map((line, i) => (i === 0 ? html`${line}` : html`<br />${line}`))}`;
}

function bodyHtml(body: string, values: Record<string, string>): SafeHtml {
  const paragraphs = body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return html`${paragraphs.map((p) => paragraphHtml(p, values))}`;
}

function paragraphHtml(paragraph: string, values: Record<string, string>): SafeHtml {
  const lines = paragraph
    .split(/\r?\n/)
    .map((line, i) => (i === 0 ? lineHtml(line, values) : html`<br />${lineHtml(line, values)}`));
  return html`<p>${lines}</p>`;
}

function documentHtml(body: string, values: Record<string, string>): SafeHtml {
  return html`<!doctype html>
    <html>
      <body style="${EMAIL_BODY_STYLE}">
        ${bodyHtml(body, values)}
      </body>
    </html>`;
}

/** Subject, plain text and HTML of a template filled with `values`. */
export function renderTemplate(template: TemplateText, values: Record<string, string>): RenderedEmail {
  return {
    subject: fillSubject(template.subject, values),
    text: fillText(template.body, values),
    html: documentHtml(template.body, values).value,
  };
}

/** The rendered template as an email to `to`. Throws UnsafeEmailError for a subject with a line break. */
export function templateEmail(
  to: string | readonly string[],
  template: TemplateText,
  values: Record<string, string>,
  subjectPrefix = '',
): OutgoingEmail {
  return composeEmail({
    to,
    subject: subjectPrefix + fillSubject(template.subject, values),
    text: fillText(template.body, values),
    html: documentHtml(template.body, values),
  });
}
