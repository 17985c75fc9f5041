import { describeError } from '../../../core/describe-error';
import { PAGE_PATHS } from '../../../core/page-paths';
import {
  digestCountText,
  digestDaysDue,
  digestListText,
  groupDigest,
  type DigestLine,
} from '../../../core/rules/notification-digest';
import { effectiveChoices } from '../../../core/rules/notification-events';
import { NO_FIRST_NAME, portalLink, templateOrDefault } from '../../email/account-email-values';
import type { TemplateText } from '../../email/default-templates';
import { templateEmail } from '../../email/render-template';
import { storedEmail } from '../../email/safe-email';
import type { Clock } from '../../kernel/clock';
import { outboxMessage } from '../../kernel/outbox';
import type { EmailTemplates } from '../../ports/email-templates';
import type { Logger } from '../../ports/logger';
import type { DigestItem, NotificationStore } from '../../ports/notification-store';
import type { UsersRepository } from '../../ports/users-repository';

export interface SendDigestsDeps extends Pick<Clock, 'now'> {
  notifications: Pick<NotificationStore, 'digestItems' | 'choices' | 'markDigestSent'>;
  users: Pick<UsersRepository, 'get'>;
  templates: Pick<EmailTemplates, 'get'>;
  portalUrl: string | null;
  log: Logger;
}

export interface DigestReport {
  sent: number;
  /** Users whose digest went already, or who have nothing unread left in it. */
  skipped: number;
  failed: number;
}

const PAGE = 500;

/** A day's waiting items by user (the index lists them user by user). */
async function itemsByUser(deps: SendDigestsDeps, day: string): Promise<Map<string, DigestItem['item'][]>> {
  const byUser = new Map<string, DigestItem['item'][]>();
  let cursor: string | undefined;
  do {
    const page = await deps.notifications.digestItems(day, { limit: PAGE, cursor });
    for (const { userId, item } of page.items) byUser.set(userId, [...(byUser.get(userId) ?? []), item]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return byUser;
}

/**
 * The daily digest job: each practice user with items waiting for a day's digest gets one email listing the
 * ones still unread of the events they still take as a digest, grouped by event (core/rules/notification-digest.ts).
 * The email goes through the outbox in the same write as the mark that says the user's digest of that day went,
 * so a second run (a retry, two at once) sends nobody a digest twice. One user's failure is logged and the
 * others still get theirs; the next run catches it up (the days due include the day before).
 */
export async function sendDigests(deps: SendDigestsDeps): Promise<DigestReport> {
  const report: DigestReport = { sent: 0, skipped: 0, failed: 0 };
  let template: TemplateText | undefined;
  for (const day of digestDaysDue(deps.now())) {
    for (const [userId, items] of await itemsByUser(deps, day)) {
      try {
        const saved = await deps.notifications.choices(userId);
        const unread: DigestLine[] = items.filter(
          (item) => item.readAt === null && !(saved.readUpTo !== null && item.createdAt <= saved.readUpTo),
        );
        const groups = groupDigest(unread, effectiveChoices('practice', saved.choices));
        const user = groups.length > 0 ? await deps.users.get(userId) : null;
        if (!user?.email) {
          report.skipped++;
          continue;
        }
        template ??= await templateOrDefault(deps.templates, 'notification-digest', deps.log);
        const email = templateEmail(user.email, template, {
          firstName: user.firstName?.trim() || NO_FIRST_NAME,
          digestDate: day,
          updateCount: digestCountText(groups),
          notificationList: digestListText(groups),
          inboxLink: portalLink(deps.portalUrl, PAGE_PATHS.notifications, 'Notifications'),
        });
        const message = outboxMessage(deps, 'email', { ...storedEmail(email) }, `notification-digest-${day}-${userId}`);
        if (await deps.notifications.markDigestSent(userId, day, message.createdAt, [message])) report.sent++;
        else report.skipped++;
      } catch (error) {
        report.failed++;
        deps.log.error('notification digest: not sent', { userId, day, error: describeError(error) });
      }
    }
  }
  return report;
}
