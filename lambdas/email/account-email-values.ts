import type { AccountRequest } from '../../core/schemas/account-requests';
import type { EmailKind } from '../../core/schemas/email/email';
import type { Logger } from '../ports/logger';
import type { EmailTemplates } from '../ports/email-templates';
import { describeError } from '../../core/describe-error';
import { defaultTemplate, type TemplateText } from './default-templates';

/**
 * The placeholder values of the user and account-request emails (EMAIL_PLACEHOLDERS names them). Values are
 * raw text: render-template.ts escapes them in the HTML part and composeEmail refuses a subject with CR/LF.
 */

/** Where the portal is named when PORTAL_URL is unknown: words, not a wrong link. */
export const PORTAL_NAME = 'the Lenslab Portal';

/** A portal page as a link, or its name in words when the portal's address is unknown (never a wrong link). */
export const portalLink = (portalUrl: string | null, path: string, words: string): string =>
  portalUrl ? `${portalUrl}${path}` : `${PORTAL_NAME} (${words})`;
/** `Hello {{firstName}},` for a user created without a first name. */
export const NO_FIRST_NAME = 'there';
export const NOT_GIVEN = 'none given';

const portal = (portalUrl: string | null) => portalUrl ?? PORTAL_NAME;

/**
 * The stored (or never-saved default) template of `kind`; the built-in text when the store cannot be read,
 * so a DynamoDB hiccup never costs the user their email.
 */
export async function templateOrDefault(
  templates: Pick<EmailTemplates, 'get'>,
  kind: EmailKind,
  log: Logger,
): Promise<TemplateText> {
  try {
    const { subject, body } = await templates.get(kind);
    return { subject, body };
  } catch (error) {
    log.warn('email template unavailable, the built-in text is used', { kind, error: describeError(error) });
    return defaultTemplate(kind);
  }
}

export function userInvitedValues(input: {
  email: string;
  firstName?: string | undefined;
  portalUrl: string | null;
}): Record<string, string> {
  return {
    firstName: input.firstName?.trim() || NO_FIRST_NAME,
    email: input.email,
    portalUrl: portal(input.portalUrl),
  };
}

export function accountRequestReceivedValues(
  request: AccountRequest,
  extra: { buyingGroupName?: string | undefined; portalUrl: string | null },
): Record<string, string> {
  const a = request.address;
  return {
    company: request.practiceName,
    contactName: request.contactName,
    email: request.email,
    phone: request.phone,
    fax: request.fax?.trim() || NOT_GIVEN,
    address: [a.address, a.apt, a.city, a.state, a.zip, a.country].filter(Boolean).join(', '),
    stateLicenseNumber: request.stateLicenseNumber,
    buyingGroup: extra.buyingGroupName?.trim() || request.buyingGroupId,
    existingAccountNumber: request.existingAccountNumber?.trim() || NOT_GIVEN,
    userEmail: request.userEmail,
    portalUrl: portal(extra.portalUrl),
  };
}

export function accountRequestApprovedValues(input: {
  practiceName: string;
  accountNumber: string;
  portalUrl: string | null;
}): Record<string, string> {
  return { company: input.practiceName, accountNumber: input.accountNumber, portalUrl: portal(input.portalUrl) };
}

export function accountRequestRejectedValues(input: { practiceName: string; reason: string }): Record<string, string> {
  return { company: input.practiceName, reason: input.reason };
}

/** `practice-user-linked`: to a practice's existing users when an approval links someone else to it. */
export function practiceUserLinkedValues(input: {
  company: string;
  accountNumber: string;
  linkedUserEmail: string;
  contactName: string;
  portalUrl: string | null;
}): Record<string, string> {
  return {
    company: input.company,
    accountNumber: input.accountNumber,
    linkedUserEmail: input.linkedUserEmail,
    contactName: input.contactName,
    portalUrl: portal(input.portalUrl),
  };
}
