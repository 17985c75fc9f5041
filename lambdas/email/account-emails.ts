import type { AccountRequest } from '../../core/schemas/account-request';
import { composeEmail, html, type OutgoingEmail, type SafeHtml } from './safe-email';

/** The emails of user and practice management. Every value from a user goes through `html` escaping. */

const PORTAL = 'Lenslab Portal';

const greeting = (name: string | undefined) => (name ? `Hello ${name},` : 'Hello,');
const link = (url: string | null): SafeHtml => (url ? html`<a href="${url}">${url}</a>` : html`the ${PORTAL}`);
const where = (url: string | null) => (url ? url : `the ${PORTAL}`);
/** Multi-line text (a reason) as HTML: escaped, line breaks kept. */
const paragraphText = (text: string): SafeHtml =>
  html`${text.split(/\r?\n/).map((line, i) => (i === 0 ? html`${line}` : html`<br />${line}`))}`;

/** createUser: the new user is told where to sign in. The password never travels by email. */
export function userInvitationEmail(input: {
  to: string;
  firstName?: string | undefined;
  role: 'admin' | 'customer';
  portalUrl: string | null;
}): OutgoingEmail {
  const roleText = input.role === 'admin' ? 'a lab team member' : 'a customer';
  return composeEmail({
    to: input.to,
    subject: `You are invited to the ${PORTAL}`,
    text: [
      greeting(input.firstName),
      '',
      `An account was created for you on the ${PORTAL} as ${roleText}.`,
      `Sign in at ${where(input.portalUrl)} with this email address and the password your lab administrator gives you.`,
      'You can also choose your own password with "Forgot password" on the sign-in page.',
    ].join('\n'),
    html: html`<p>${greeting(input.firstName)}</p>
      <p>An account was created for you on the ${PORTAL} as ${roleText}.</p>
      <p>
        Sign in at ${link(input.portalUrl)} with this email address and the password your lab administrator gives you.
        You can also choose your own password with "Forgot password" on the sign-in page.
      </p>`,
  });
}

/** submitAccountRequest: the lab learns of a new request. */
export function accountRequestReceivedEmail(input: {
  to: string;
  request: AccountRequest;
  portalUrl: string | null;
}): OutgoingEmail {
  const r = input.request;
  const address = [r.address.address, r.address.apt, r.address.city, r.address.state, r.address.zip, r.address.country]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [
    ['Practice', r.practiceName],
    ['Contact', r.contactName],
    ['Contact email', r.email],
    ['Phone', r.phone],
    ['Fax', r.fax ?? ''],
    ['Address', address],
    ['State license number', r.stateLicenseNumber],
    ['Buying group', r.buyingGroupId],
    ['Existing account number', r.existingAccountNumber ?? 'none given'],
    ['Signed in as', r.userEmail],
  ];
  return composeEmail({
    to: input.to,
    subject: `New account request: ${r.practiceName}`,
    text: [
      'A practice asked for an account number.',
      '',
      ...rows.map(([k, v]) => `${k}: ${v}`),
      '',
      `Review it in Customer Management on ${where(input.portalUrl)}.`,
    ].join('\n'),
    html: html`<p>A practice asked for an account number.</p>
      <table>
        ${rows.map(
          ([k, v]) =>
            html`<tr>
              <th align="left">${k}</th>
              <td>${v}</td>
            </tr>`,
        )}
      </table>
      <p>Review it in Customer Management on ${link(input.portalUrl)}.</p>`,
  });
}

/** approveAccountRequest: the customer learns their account number. */
export function accountRequestApprovedEmail(input: {
  to: string;
  practiceName: string;
  accountNumber: string;
  portalUrl: string | null;
}): OutgoingEmail {
  return composeEmail({
    to: input.to,
    subject: `Your ${PORTAL} account number is ready`,
    text: [
      'Hello,',
      '',
      `Your request for ${input.practiceName} was approved. Your account number is ${input.accountNumber}.`,
      `Sign in at ${where(input.portalUrl)} to start ordering.`,
    ].join('\n'),
    html: html`<p>Hello,</p>
      <p>
        Your request for ${input.practiceName} was approved. Your account number is
        <strong>${input.accountNumber}</strong>.
      </p>
      <p>Sign in at ${link(input.portalUrl)} to start ordering.</p>`,
  });
}

/** rejectAccountRequest: the customer learns why. */
export function accountRequestRejectedEmail(input: {
  to: string;
  practiceName: string;
  reason: string;
}): OutgoingEmail {
  return composeEmail({
    to: input.to,
    subject: `Your ${PORTAL} account request`,
    text: [
      'Hello,',
      '',
      `We could not approve the account request for ${input.practiceName}.`,
      '',
      `Reason: ${input.reason}`,
      '',
      'You can correct the request and send it again from the portal, or reply to the lab.',
    ].join('\n'),
    html: html`<p>Hello,</p>
      <p>We could not approve the account request for ${input.practiceName}.</p>
      <p>Reason: ${paragraphText(input.reason)}</p>
      <p>You can correct the request and send it again from the portal, or reply to the lab.</p>`,
  });
}
