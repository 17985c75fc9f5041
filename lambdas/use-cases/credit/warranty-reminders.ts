import { endingSoon } from '../../../core/rules/warranty';
import type { WarrantyLens } from '../../../core/schemas/credit';
import type { Order } from '../../../core/schemas/orders';
import type { Logger } from '../../ports/logger';
import { moneyNotice } from '../../ports/money-notifier';
import type { MoneyStore } from '../../ports/money-store';
import { ONCE_MARKS_WRITE_LIMIT, type OnceMark, type OnceMarks } from '../../ports/once-marks';
import type { OrdersRepository } from '../../ports/orders-repository';
import { warrantyLensesOf } from './warranty-lenses';
import { describeError } from '../../../core/describe-error';
import type { Clock } from '../../kernel/clock';

/**
 * The daily "warranty ending" job: every shipped lens whose warranty window enters its last
 * WARRANTY_ENDING_DAYS days is announced once to the users of its account, one email per account per run
 * listing that run's lenses. "Once" is a conditional put per lens (OnceMarks) written in one transaction with
 * the email's outbox message: a re-run, a retry of a failed invocation or two runs at the same moment never
 * mail a lens twice, and a lens marked always has its email stored (the outbox consumer delivers it, with
 * retries). Lenses with a claim the lab has not denied (waiting, or approved and cancelled) are left out.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Closed orders this far back (the longest warranty a design may have: lens.ts caps warrantyDays at 730). */
export const REMINDER_LOOKBACK_DAYS = 730;
/** A mark outlives the window by this much, so a lens can never be due again while its mark is gone. */
const MARK_MARGIN_DAYS = 30;
const ORDERS_PAGE = 100;
/** An account's claims read to spot lenses already claimed (newest first; far above any practice's). */
const CLAIMS_READ = 500;

export const reminderKey = (orderId: string, eye: string) => `warranty-reminder#${orderId}#${eye}`;

/**
 * Due from the day "14 days left" is reached to the window's last day. A day the job missed is caught up
 * the next day (the mark, not the exact day, keeps it to one email).
 */
export const reminderDue = endingSoon;

export interface WarrantyRemindersDeps {
  orders: Pick<OrdersRepository, 'listByStatus'>;
  claims: Pick<MoneyStore, 'listAccountClaims'>;
  marks: OnceMarks;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  now: Clock['now'];
}

export interface WarrantyRemindersReport {
  /** Closed orders read. */
  orders: number;
  /** Lenses in the reminder days (before marks and claims). */
  due: number;
  /** Lenses announced by this run. */
  mailed: number;
  /** Accounts emailed by this run. */
  accounts: number;
  /** Lenses announced by an earlier run. */
  alreadySent: number;
  /** Lenses with an open or approved claim. */
  claimed: number;
  /** Lenses left for the next run because a read or a marking failed. */
  failed: number;
}

/** Closed orders of the look-back, page by page (the byStatus index, oldest first). */
async function* closedOrders(deps: WarrantyRemindersDeps, now: Date): AsyncGenerator<Order> {
  const from = new Date(now.getTime() - REMINDER_LOOKBACK_DAYS * DAY_MS).toISOString();
  const to = now.toISOString();
  let cursor: string | undefined;
  do {
    const page = await deps.orders.listByStatus({ status: 'closed', from, to, limit: ORDERS_PAGE, cursor });
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The lenses one email lists at most: their marks and its outbox message are one transaction. */
const LENSES_PER_EMAIL = ONCE_MARKS_WRITE_LIMIT - 1;

const markOf = (lens: WarrantyLens): OnceMark => ({
  key: reminderKey(lens.orderId, lens.eye),
  expiresAt: new Date(Date.parse(lens.windowEndsAt) + MARK_MARGIN_DAYS * DAY_MS),
});

/**
 * Marks one account's lenses and stores their email in one write. Lenses an earlier (or concurrent) run marked
 * are dropped and the rest tried again, so each is announced by exactly one email. Answers how many it marked.
 */
async function announce(
  accountNumber: string,
  lenses: WarrantyLens[],
  deps: WarrantyRemindersDeps,
  report: WarrantyRemindersReport,
): Promise<number> {
  let pending = lenses;
  while (pending.length > 0) {
    // `to: []`: every user linked to the account (the notifier resolves them when it sends).
    const email = moneyNotice(deps, { kind: 'warranty-ending', accountNumber, lenses: pending, to: [] });
    let taken: Set<string>;
    try {
      taken = new Set(await deps.marks.markOnce(pending.map(markOf), [email]));
    } catch (error) {
      // Unmarked: tomorrow's run tries again.
      deps.log.warn('warranty reminders: marking failed, lenses left for the next run', {
        accountNumber,
        lenses: pending.length,
        error: describeError(error),
      });
      report.failed += pending.length;
      return 0;
    }
    if (taken.size === 0) return pending.length;
    const rest = pending.filter((lens) => !taken.has(markOf(lens).key));
    report.alreadySent += pending.length - rest.length;
    // A store that names no key asked would otherwise loop for ever.
    if (rest.length === pending.length) throw new Error('once-marks answered keys that were not asked for');
    pending = rest;
  }
  return 0;
}

export async function sendWarrantyReminders(deps: WarrantyRemindersDeps): Promise<WarrantyRemindersReport> {
  const now = deps.now();
  const report: WarrantyRemindersReport = {
    orders: 0,
    due: 0,
    mailed: 0,
    accounts: 0,
    alreadySent: 0,
    claimed: 0,
    failed: 0,
  };

  const byAccount = new Map<string, WarrantyLens[]>();
  for await (const order of closedOrders(deps, now)) {
    report.orders++;
    const lenses = warrantyLensesOf(order, now, reminderDue);
    if (lenses.length === 0) continue;
    report.due += lenses.length;
    byAccount.set(order.accountNumber, [...(byAccount.get(order.accountNumber) ?? []), ...lenses]);
  }

  for (const [accountNumber, lenses] of byAccount) {
    let claimed: Set<string>;
    try {
      const claims = await deps.claims.listAccountClaims(accountNumber, CLAIMS_READ);
      claimed = new Set(claims.filter((c) => c.status !== 'denied').map((c) => `${c.orderId}#${c.eye}`));
    } catch (error) {
      // Unmarked: tomorrow's run tries again.
      deps.log.warn('warranty reminders: claims unavailable, account left for the next run', {
        accountNumber,
        error: describeError(error),
      });
      report.failed += lenses.length;
      continue;
    }

    const unclaimed = lenses.filter((lens) => !claimed.has(`${lens.orderId}#${lens.eye}`));
    report.claimed += lenses.length - unclaimed.length;
    let mailed = 0;
    // One message rides with its lenses' marks: an account with more than one transaction holds gets two.
    for (let i = 0; i < unclaimed.length; i += LENSES_PER_EMAIL)
      mailed += await announce(accountNumber, unclaimed.slice(i, i + LENSES_PER_EMAIL), deps, report);
    if (mailed === 0) continue;
    report.accounts++;
    report.mailed += mailed;
  }

  deps.log.info('warranty reminders done', { ...report });
  return report;
}
