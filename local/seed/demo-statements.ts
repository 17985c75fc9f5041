import { dayFromNumber, dayNumber, localDay } from '../../core/rules/calendar-days';
import { previousMonthPeriod } from '../../core/rules/statements';
import type { Logger } from '../../lambdas/ports/logger';
import type { StatementStore } from '../../lambdas/ports/statement-store';
import { issueMonthlyStatements, type StatementDeps } from '../../lambdas/use-cases/statements';

/**
 * Two past monthly statements per demo account with money (docs/decisions/0103-monthly-statements.md), so Pay
 * Online's Statements tab and the lab's Statements page show a practice in use: the month before last, then last
 * month (which opens at the first one's closing), issued through the job's own use case as on the first day of
 * the month after each. Their emails are left out (history, not news). Idempotent: a month already stated is
 * skipped, as the job skips it.
 */
export async function seedDemoStatements(
  deps: Omit<StatementDeps, 'now' | 'sleep' | 'log'>,
  options: { now?: Date } = {},
): Promise<void> {
  const { calendar } = await deps.production.get();
  const today = localDay(options.now ?? new Date(), calendar.timeZone);
  const lastMonth = previousMonthPeriod(today);
  const monthBefore = previousMonthPeriod(lastMonth.from);
  const store = deps.statements;
  const quiet: StatementStore = {
    issue: (statement) => store.issue(statement, []),
    get: (account, month, version) => store.get(account, month, version),
    latest: (account, month) => store.latest(account, month),
    previous: (account, month) => store.previous(account, month),
    listAccount: (account, limit, cursor) => store.listAccount(account, limit, cursor),
    listMonth: (month, limit, cursor) => store.listMonth(month, limit, cursor),
  };
  const log: Pick<Logger, 'info' | 'warn' | 'error'> = { info: () => {}, warn: () => {}, error: console.warn };
  // Each month is issued on the first day of the month after it, at 9 am in the lab's zone (close enough in UTC).
  for (const month of [monthBefore, lastMonth]) {
    const issueDay = dayFromNumber(dayNumber(month.to) + 1);
    await issueMonthlyStatements(
      { day: issueDay, force: true },
      {
        ...deps,
        statements: quiet,
        log,
        now: () => new Date(`${issueDay}T14:00:00.000Z`),
        sleep: async () => {},
      },
    );
  }
}
