import type { Logger } from '../ports/logger';
import type { EmailSender } from '../ports/email-sender';
import { suppressionKey, type EmailSuppressions } from '../ports/email-suppressions';
import { describeError } from '../../core/describe-error';

/** Every recipient of an email is an address that bounced or complained: nothing was sent. */
export class EmailSuppressedError extends Error {
  constructor(readonly reasons: string[]) {
    super(`The address no longer receives the portal's email (${reasons.join(', ')}); a super admin can clear it`);
    this.name = 'EmailSuppressedError';
  }
}

/**
 * A sender that leaves out suppressed addresses (core/schemas/email/email-suppression.ts): an email whose every
 * recipient is suppressed is refused with EmailSuppressedError, which the callers already log as "not sent"
 * with what the email was about. When the list cannot be read the email goes out: SES's own suppression list
 * still stops it at an address that bounced, and a missed email is worse than a second bounce.
 */
export function skippingSuppressed(
  sender: EmailSender,
  suppressions: () => Pick<EmailSuppressions, 'find'>,
  log: Logger,
): EmailSender {
  return {
    async send(email) {
      let suppressed;
      try {
        suppressed = await suppressions().find(email.to);
      } catch (error) {
        log.warn('email: suppression list unavailable, sent anyway', { error: describeError(error) });
        return sender.send(email);
      }
      if (suppressed.size === 0) return sender.send(email);
      const reasons = [...new Set([...suppressed.values()].map((s) => s.reason))];
      const to = email.to.filter((address) => !suppressed.has(suppressionKey(address)));
      if (to.length === 0) throw new EmailSuppressedError(reasons);
      // Counts and reasons only: the addresses stay out of the logs.
      log.info('email: suppressed recipients left out', { skipped: email.to.length - to.length, reasons });
      return sender.send({ ...email, to });
    },
  };
}
