import { PAGE_PATHS } from '../../core/page-paths';
import { portalUrl } from '../email/email-config';
import { requireEnv } from '../env';
import type { AccountNotices } from '../ports/account-notices';
import { sendEmail } from './aws/sesv2';

/** Sent through SES v2 (AWS_ENDPOINT_URL_SESV2 points it at the local emulator). Sender: EMAIL_FROM. */

const EXISTING_SUBJECT = 'Your Lenslab Portal account';
/** The portal's pages as links when its address is known (PORTAL_URL), else their names. */
function existingAccountBody(portal: string | null): string {
  const signIn = portal ? `Sign in: ${portal}${PAGE_PATHS.login}` : 'Sign in on the Lenslab Portal.';
  const reset = portal
    ? `Forgot your password? Reset it: ${portal}${PAGE_PATHS.forgotPassword}`
    : 'Forgot your password? Use "Forgot password" on the sign-in page.';
  return [
    'Hello,',
    '',
    'Someone, hopefully you, just tried to create a Lenslab Portal account with this email address.',
    'You already have an account, so nothing was changed.',
    '',
    signIn,
    reset,
    '',
    'If this was not you, you can ignore this email.',
  ].join('\n');
}

/** The subject names the code, so a person (or a browser test) finds it in a mailbox. */
export const SIGN_UP_CODE_SUBJECT = 'Your Lenslab Portal verification code';
const signUpCodeBody = (code: string) =>
  [
    `Your verification code is ${code}.`,
    '',
    'Enter it on the portal to verify your email address. It works for 24 hours.',
    'If you did not create a Lenslab Portal account, ignore this email.',
  ].join('\n');

export function sesAccountNotices(): AccountNotices {
  // Made only where the route names `email`: the sender must be in the function's environment.
  requireEnv('EMAIL_FROM');
  const send = (to: string, subject: string, body: string) =>
    sendEmail({
      FromEmailAddress: requireEnv('EMAIL_FROM'),
      Destination: { ToAddresses: [to] },
      Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: body } } } },
    });
  return {
    async sendExistingAccountNotice(email) {
      await send(email, EXISTING_SUBJECT, existingAccountBody(portalUrl()));
    },
    async sendSignUpCode(email, code) {
      await send(email, SIGN_UP_CODE_SUBJECT, signUpCodeBody(code));
    },
  };
}
