import { describeError } from '../../../core/describe-error';
import { resourceExhausted } from '../../../core/errors';
import type { Identity } from '../../auth/verify-token';
import { mapWithLimit } from '../../concurrency/map-with-limit';
import { emailNotice } from '../../email/email-notice';
import type { OutgoingEmail } from '../../email/safe-email';
import type { Clock } from '../../kernel/clock';
import type { AdminDirectory } from '../../ports/admin-directory';
import type { AuditTrail } from '../../ports/audit-log';
import type { EmailTemplates } from '../../ports/email-templates';
import type { Logger } from '../../ports/logger';
import type { NoticeOutbox } from '../../ports/notice-outbox';
import type { RateLimiter } from '../../ports/rate-limiter';
import type { UsersRepository } from '../../ports/users-repository';
import { accountsOf } from '../customers';

/**
 * `sendEmail` and `sendTestEmail` send free text from the lab's signed domain, so they must not be an open
 * relay (docs/decisions/0023-sendemail-and-sendtestemail-are-not-a-relay.md): recipients are
 * only addresses the portal knows, each caller has a budget of sends, and each send is logged for the audit
 * trail.
 */
export const EMAIL_SEND_LIMITS = {
  /** spec 7 `sendEmail` calls (each up to 50 recipients) per caller. */
  sendEmail: { perCaller: 20, windowSeconds: 60 * 60 },
  /** Email Management test sends per caller. */
  sendTestEmail: { perCaller: 10, windowSeconds: 10 * 60 },
} as const;

export const RELAY_MESSAGES = {
  tooMany: 'You have sent many emails in a short time. Please wait a few minutes and try again.',
  testToOwnAddress: (own: string) => `Test emails go to your own address (${own}).`,
} as const;

/** Counts one send by the caller; 429 resource-exhausted beyond the route's budget. */
export async function consumeSendBudget(
  route: keyof typeof EMAIL_SEND_LIMITS,
  caller: Identity,
  limiter: RateLimiter,
): Promise<void> {
  const { perCaller, windowSeconds } = EMAIL_SEND_LIMITS[route];
  if (!(await limiter.consume(`${route}#${caller.userId}`, perCaller, windowSeconds)))
    throw resourceExhausted(RELAY_MESSAGES.tooMany);
}

export interface KnownRecipientsDeps {
  templates: Pick<EmailTemplates, 'labRecipients'>;
  directory: Pick<AdminDirectory, 'searchUsers'>;
  users: Pick<UsersRepository, 'batchGet'>;
}

/**
 * The recipients that are one of the lab's notification recipients or the sign-in email of a portal user linked
 * to at least one practice; the others are left out without a word, so the answer never says which addresses
 * belong to users (docs/decisions/0086-no-account-enumeration.md). One user-pool lookup per address not on the lab's
 * list (at most 4 at a time), then one BatchGetItem of the users records.
 */
export async function knownRecipients(recipients: string[], deps: KnownRecipientsDeps): Promise<string[]> {
  const lab = new Set((await deps.templates.labRecipients()).recipients.map((r) => r.toLowerCase()));
  const others = recipients.filter((r) => !lab.has(r));
  if (others.length === 0) return recipients;
  const matches = await mapWithLimit(others, 4, async (email) => {
    const page = await deps.directory.searchUsers('email', email, { limit: 10 });
    return page.users.filter((u) => u.email.toLowerCase() === email).map((u) => ({ email, userId: u.userId }));
  });
  const ids = [...new Set(matches.flat().map((m) => m.userId))];
  const records = ids.length ? await deps.users.batchGet(ids) : [];
  const inAPractice = new Set(
    records
      .filter((u) => {
        const accounts = accountsOf(u);
        return accounts.accountNumber !== null || accounts.accountNumbers.length > 0;
      })
      .map((u) => u.userId),
  );
  const known = new Set(
    matches
      .flat()
      .filter((m) => inAPractice.has(m.userId))
      .map((m) => m.email),
  );
  return recipients.filter((r) => lab.has(r) || known.has(r));
}

export interface QueueEmailsDeps extends Pick<Clock, 'now'> {
  outbox: Pick<NoticeOutbox, 'add'>;
  log: Pick<Logger, 'warn'>;
}

/**
 * Stores the emails `compose` makes in the outbox in one write, all or none, for the consumer to send each
 * recipient theirs; answers how many were queued. These emails are the change itself, so nothing rides with
 * them; a failure to compose or store them is logged (with `facts`) and answers 0, since a send answers false
 * rather than failing (spec 8).
 */
export async function queueEmails(
  deps: QueueEmailsDeps,
  facts: Record<string, unknown>,
  compose: () => OutgoingEmail[],
): Promise<number> {
  try {
    const notices = compose().map((email) => emailNotice(deps, email));
    await deps.outbox.add(notices);
    return notices.length;
  } catch (error) {
    deps.log.warn('emails not queued', { ...facts, error: describeError(error) });
    return 0;
  }
}

/**
 * A send in the audit trail: which kind, to whom, the subject and how many emails were queued for the outbox
 * consumer to send; never the body. Who sent it is the trail's caller.
 */
export async function recordSendForAudit(
  audit: AuditTrail | undefined,
  entry: {
    action: 'email.send' | 'email.send-test';
    kind: string;
    recipients: string[];
    /** Addresses left out as unknown: kept for an investigation, never told to the caller. */
    withheld?: string[];
    subject: string;
    queued: number;
  },
): Promise<void> {
  const withheld = entry.withheld?.length ? { withheld: entry.withheld } : {};
  await audit?.recordChange({
    action: entry.action,
    target: { type: 'email', id: entry.kind },
    after: { recipients: entry.recipients, ...withheld, subject: entry.subject, queued: entry.queued },
  });
}
