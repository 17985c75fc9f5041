import { requireEnv } from '../env';
import type { AccountNotices } from '../ports/account-notices';
import { sendEmail } from './aws/sesv2';

/** Sent through SES v2 (AWS_ENDPOINT_URL_SESV2 points it at the local emulator). Sender: EMAIL_FROM. */

const SUBJECT = 'Your Lenslab Portal account';
const BODY = [
  'Hello,',
  '',
  'Someone, hopefully you, just tried to create a Lenslab Portal account with this email address.',
  'You already have an account, so nothing was changed.',
  '',
  'To get in, sign in with this email address. If you do not remember your password, use "Forgot password"',
  'on the sign-in page. If this was not you, you can ignore this email.',
].join('\n');

export function sesAccountNotices(): AccountNotices {
  // Made only where the route names `email`: the sender must be in the function's environment.
  requireEnv('EMAIL_FROM');
  return {
    async sendExistingAccountNotice(email) {
      await sendEmail({
        FromEmailAddress: requireEnv('EMAIL_FROM'),
        Destination: { ToAddresses: [email] },
        Content: { Simple: { Subject: { Data: SUBJECT }, Body: { Text: { Data: BODY } } } },
      });
    },
  };
}
