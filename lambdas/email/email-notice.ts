import { describeError } from '../../core/describe-error';
import type { Clock } from '../kernel/clock';
import { outboxMessage, type OutboxMessage } from '../kernel/outbox';
import type { Logger } from '../ports/logger';
import { storedEmail, UnsafeEmailError, type OutgoingEmail } from './safe-email';

/**
 * An email the use case composed, as an outbox notice (topic 'email'): stored with the change that causes it
 * and sent as it is, to its recipients, by the outbox consumer.
 */
export function emailNotice(deps: Pick<Clock, 'now'>, email: OutgoingEmail): OutboxMessage {
  return outboxMessage(deps, 'email', { ...storedEmail(email) });
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
): OutboxMessage[] {
  try {
    return [emailNotice(deps, compose())];
  } catch (error) {
    if (!(error instanceof UnsafeEmailError)) throw error;
    deps.log.warn('email left out: it cannot be composed safely', { ...facts, error: describeError(error) });
    return [];
  }
}
