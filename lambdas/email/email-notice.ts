import { describeError } from '../../core/describe-error';
import type { Clock } from '../kernel/clock';
import { outboxMessage, type OutboxMessage } from '../kernel/outbox';
import type { Logger } from '../ports/logger';
import type { EmailSender } from '../ports/email-sender';
import {
  reviveEmail,
  storedEmail,
  storedEmailSends,
  UnsafeEmailError,
  type OutgoingEmail,
  type StoredEmail,
} from './safe-email';

/**
 * An email the use case composed, as an outbox notice (topic 'email'): stored with the change that causes it
 * and sent as it is, to its recipients, by the outbox consumer.
 */
export function emailNotice(
  deps: Pick<Clock, 'now'>,
  email: OutgoingEmail,
  options: { separately?: boolean } = {},
): OutboxMessage {
  return outboxMessage(deps, 'email', { ...storedEmail(email), ...(options.separately ? { separately: true } : {}) });
}

/**
 * The notice of the email `compose` makes (a list of one), or none when a value would break its subject or
 * address (UnsafeEmailError: a reason with a line break in a template's subject). That is logged with `facts`,
 * and the change goes ahead without the email: no retry could ever send it, and the answer says none was queued.
 */
export function emailNoticeIfSafe(
  deps: Pick<Clock, 'now'> & { log: Pick<Logger, 'warn'> },
  facts: Record<string, unknown>,
  compose: () => OutgoingEmail,
  options: { separately?: boolean } = {},
): OutboxMessage[] {
  try {
    return [emailNotice(deps, compose(), options)];
  } catch (error) {
    if (!(error instanceof UnsafeEmailError)) throw error;
    deps.log.warn('email left out: it cannot be composed safely', { ...facts, error: describeError(error) });
    return [];
  }
}

/**
 * Sends an email the outbox kept: as it is, or one per address when it goes to each separately. Every address
 * is tried even when one fails; the first failure is thrown, and the outbox's mailer, which skips whoever has it,
 * retries only the ones missed.
 */
export async function sendStoredEmail(stored: StoredEmail, mailer: EmailSender): Promise<void> {
  let failed: unknown;
  for (const email of storedEmailSends(stored)) {
    await mailer.send(reviveEmail(email)).catch((error: unknown) => {
      failed ??= error;
    });
  }
  if (failed !== undefined) throw failed;
}
