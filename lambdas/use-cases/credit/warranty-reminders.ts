import { endingSoon } from '../../../core/rules/warranty';
import type { WarrantyLens } from '../../../core/schemas/credit';
import type { Order } from '../../../core/schemas/orders';
import type { Logger } from '../../ports/logger';
import type { MoneyNotifier } from '../../ports/money-notifier';
import type { MoneyStore } from '../../ports/money-store';
import type { OnceMarks } from '../../ports/once-marks';
import type { OrdersRepository } from '../../ports/orders-repository';
import { warrantyLensesOf } from './warranty-lenses';
import { describeError } from '../../../core/describe-error';
import { notify } from '../../kernel/notify';
import type { Clock } from '../../kernel/clock';

/**
 * The daily "warranty ending" job: every shipped lens whose warranty window enters its last
 * WARRANTY_ENDING_DAYS days is announced once to the users of its account, one email per account per run
 * listing that run's lenses. "Once" is a conditional put per lens (OnceMarks) taken before the email: a
 * re-run, a retry of a failed invocation or two runs at the same moment never mail a lens twice. The price
 * is at-most-once: if the send itself fails after the mark, that lens is not announced again (the notifier
 * logs it). Lenses with a claim the lab has not denied (waiting, or approved and cancelled) are left out.
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
  notifier: MoneyNotifier;
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
  /** Lenses left for the next run because a read or a mark failed. */
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

    const announce: WarrantyLens[] = [];
    for (const lens of lenses) {
      if (claimed.has(`${lens.orderId}#${lens.eye}`)) {
        report.claimed++;
        continue;
      }
      const expiresAt = new Date(Date.parse(lens.windowEndsAt) + MARK_MARGIN_DAYS * DAY_MS);
      try {
        if (await deps.marks.markOnce(reminderKey(lens.orderId, lens.eye), expiresAt)) announce.push(lens);
        else report.alreadySent++;
      } catch (error) {
        deps.log.warn('warranty reminders: mark failed, lens left for the next run', {
          accountNumber,
          orderId: lens.orderId,
          eye: lens.eye,
          error: describeError(error),
        });
        report.failed++;
      }
    }
    if (announce.length === 0) continue;
    // `to: []`: every user linked to the account (the notifier resolves them).
    await notify(deps, 'money', { kind: 'warranty-ending', accountNumber, lenses: announce, to: [] });
    report.accounts++;
    report.mailed += announce.length;
  }

  deps.log.info('warranty reminders done', { ...report });
  return report;
}
