import { describeError } from '../../../core/describe-error';
import { aborted, notFound } from '../../../core/errors';
import { localDay } from '../../../core/rules/calendar-days';
import {
  buildStatement,
  hasActivity,
  isFirstBusinessDayOfMonth,
  periodOfMonth,
  previousMonthPeriod,
  type StatementHistory,
  type StatementPeriod,
} from '../../../core/rules/statements';
import { CUSTOMER_STATUSES } from '../../../core/schemas/customers/customer-admin';
import type { Invoice } from '../../../core/schemas/invoices';
import type { Statement } from '../../../core/schemas/statements';
import type { StatementDeps } from './statement-deps';
import { statementNotices } from './statement-notices';

const INVOICES_PAGE = 100;
const ACCOUNTS_PAGE = 100;

export interface StatementRunReport {
  /** The lab-local day the run was for. */
  day: string;
  /** The month stated; absent when the day is not the month's first business day. */
  month?: string;
  /** Statements issued by this run. */
  issued: number;
  /** Accounts whose statement for the month was already issued (an earlier run). */
  alreadyIssued: number;
  /** Accounts with nothing owed and no money moved in the month. */
  quiet: number;
  /** Accounts left for the next run because a read or the write failed. */
  failed: number;
}

/** Every invoice of an account (both of Pay Online's tabs, page by page). */
async function accountHistory(accountNumber: string, deps: Pick<StatementDeps, 'money'>): Promise<StatementHistory> {
  const invoices: Invoice[] = [];
  for (const tab of ['open', 'paid'] as const) {
    let cursor: string | undefined;
    do {
      const page = await deps.money.listAccountInvoices({ accountNumber, tab, limit: INVOICES_PAGE, cursor });
      invoices.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return { invoices };
}

/** The account's statement for a period, as the stored item of `version`, worked out from its history now. */
async function composeStatement(
  accountNumber: string,
  practiceName: string,
  period: StatementPeriod,
  version: number,
  deps: Pick<StatementDeps, 'money' | 'statements' | 'now'>,
  timeZone: string,
): Promise<Statement> {
  const [history, previous] = await Promise.all([
    accountHistory(accountNumber, deps),
    deps.statements.previous(accountNumber, period.month),
  ]);
  const numbers = buildStatement(history, period, { timeZone, previousClosingCents: previous?.closingCents });
  return {
    accountNumber,
    month: period.month,
    version,
    periodFrom: period.from,
    periodTo: period.to,
    timeZone,
    practiceName,
    issuedAt: deps.now().toISOString(),
    openingCents: numbers.openingCents,
    chargesCents: numbers.chargesCents,
    paymentsCents: numbers.paymentsCents,
    creditsCents: numbers.creditsCents,
    closingCents: numbers.closingCents,
    lines: numbers.lines,
    aging: numbers.aging,
  };
}

/** Every practice, active or not (an inactive practice may still owe money), page by page. */
async function* everyPractice(deps: Pick<StatementDeps, 'customers'>) {
  for (const status of CUSTOMER_STATUSES) {
    let cursor: string | undefined;
    do {
      const page = await deps.customers.list({ status, limit: ACCOUNTS_PAGE, cursor });
      yield* page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
}

/**
 * The monthly statements run (core/jobs.ts `monthlyStatements`; docs/decisions/0103-monthly-statements.md). The
 * schedule runs it every day; it acts on the month's first business day of the lab's calendar, stating the month
 * before for every practice with money moved or owed. `day` (the command's --date) runs it as on that day, and
 * `force` issues even when that day is not a first business day. Each statement is version 1 of its account and
 * month, put only if absent with its email in the same transaction, so a second run (a retry, two at once, the
 * command after the schedule) issues and emails nothing twice. An account that fails is logged and left for the
 * next run; the others go on.
 */
export async function issueMonthlyStatements(
  input: { day?: string | undefined; force?: boolean | undefined },
  deps: StatementDeps,
): Promise<StatementRunReport> {
  const { calendar } = await deps.production.get();
  const day = input.day ?? localDay(deps.now(), calendar.timeZone);
  const report: StatementRunReport = { day, issued: 0, alreadyIssued: 0, quiet: 0, failed: 0 };
  if (!input.force && !isFirstBusinessDayOfMonth(day, calendar)) return report;
  const period = previousMonthPeriod(day);
  report.month = period.month;
  for await (const practice of everyPractice(deps)) {
    const accountNumber = practice.accountNumber;
    try {
      if (await deps.statements.latest(accountNumber, period.month)) {
        report.alreadyIssued += 1;
        continue;
      }
      const statement = await composeStatement(accountNumber, practice.company, period, 1, deps, calendar.timeZone);
      if (!hasActivity(statement)) {
        report.quiet += 1;
        continue;
      }
      if (await deps.statements.issue(statement, statementNotices(statement, deps))) report.issued += 1;
      else report.alreadyIssued += 1;
    } catch (error) {
      report.failed += 1;
      deps.log.error('statement not issued', { accountNumber, month: period.month, error: describeError(error) });
    }
  }
  deps.log.info('monthly statements', { ...report });
  return report;
}

/**
 * A correction (the lab's `correctStatement`, or the command's --correct): the account's statement for `month`
 * worked out again from the history as it is now, stored as the next version beside the earlier ones (which never
 * change) and emailed as the one that replaces them. Only a month that was stated can be corrected.
 */
export async function correctStatement(
  input: { accountNumber: string; month: string; reason: string },
  actor: { userId: string; name: string },
  deps: StatementDeps,
): Promise<Statement> {
  const period = periodOfMonth(input.month);
  const [latest, practice, settings] = await Promise.all([
    deps.statements.latest(input.accountNumber, input.month),
    deps.customers.get(input.accountNumber),
    deps.production.get(),
  ]);
  if (!latest || !practice) throw notFound(`No statement for account ${input.accountNumber} in ${input.month}.`);
  const composed = await composeStatement(
    input.accountNumber,
    practice.company,
    period,
    latest.version + 1,
    deps,
    latest.timeZone || settings.calendar.timeZone,
  );
  const statement: Statement = { ...composed, correctedBy: actor, correctionReason: input.reason };
  if (!(await deps.statements.issue(statement, statementNotices(statement, deps))))
    throw aborted('Someone corrected this statement at the same moment. Reload to see the new version.');
  return statement;
}
