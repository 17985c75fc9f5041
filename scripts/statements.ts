/**
 * Runs the monthly statements for a day, against the running local stack (`npm start`), as the schedule would on
 * that day, whether or not it is the month's first business day (docs/decisions/0103-monthly-statements.md):
 *
 *   npm run statements -- --date 2026-12-01
 *   npm run statements -- --correct BV-1001 --month 2026-11 --reason "Check 1042 was recorded late"
 *
 * --date states the month before that day for every account with money moved or owed; statements already issued
 * are left as they are (run it twice: the second run issues nothing). --correct issues the account's statement for
 * --month again as the next version (the earlier versions stay) and emails it. The stack's ports are read as
 * `npm start` reads them (LENSLAB_PORT_BASE, LENSLAB_PORT_DYNAMODB).
 *
 * Exit status: 0 done; 1 failed; 2 bad arguments.
 */
import { pathToFileURL } from 'node:url';
import { describeError } from '../core/describe-error';
import { isCalendarDay } from '../core/rules/calendar-days';
import { correctStatementInputSchema } from '../core/schemas/statements';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local/emulators/local-credentials';
import { DEFAULT_PORT_BASE, portsFrom } from '../local/ports';
import { tableEnv } from '../local/provision/tables';
import { TABLE_PREFIX } from '../local/stack';
import { parseStrictArgs, USAGE_EXIT, UsageError } from './restore-table';

export type StatementsCommand =
  { kind: 'run'; day: string } | { kind: 'correct'; accountNumber: string; month: string; reason: string };

/** The command line as a command; every problem is a UsageError naming the argument. */
export function parseStatementsArgs(argv: string[]): StatementsCommand {
  const values = parseStrictArgs(argv, {
    date: { type: 'string' },
    correct: { type: 'string' },
    month: { type: 'string' },
    reason: { type: 'string' },
  });
  if (values.correct !== undefined) {
    if (values.date !== undefined) throw new UsageError('Give either --date or --correct, not both');
    const parsed = correctStatementInputSchema.safeParse({
      accountNumber: values.correct,
      month: values.month,
      reason: values.reason,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(
        `--${issue.path[0] === 'accountNumber' ? 'correct' : String(issue.path[0])}: ${issue.message}`,
      );
    }
    return { kind: 'correct', ...parsed.data };
  }
  if (values.month !== undefined || values.reason !== undefined)
    throw new UsageError('--month and --reason go with --correct');
  if (values.date === undefined || !isCalendarDay(values.date))
    throw new UsageError('--date needs a day written YYYY-MM-DD');
  return { kind: 'run', day: values.date };
}

/** What the job's adapters need to reach the local stack's DynamoDB. */
function localEnvironment(): Record<string, string> {
  const ports = portsFrom(Number(process.env.LENSLAB_PORT_BASE || DEFAULT_PORT_BASE));
  return {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamodb}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...tableEnv(TABLE_PREFIX),
  };
}

const USAGE =
  'Usage: npm run statements -- --date YYYY-MM-DD\n' +
  '       npm run statements -- --correct <account> --month YYYY-MM --reason "<why>"';

async function main(): Promise<void> {
  let command: StatementsCommand;
  try {
    command = parseStatementsArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(USAGE_EXIT);
  }
  Object.assign(process.env, localEnvironment());
  // Loaded after the environment is set: the adapters read their table names when they are made.
  const { statementDeps } = await import('../lambdas/jobs/monthly-statements');
  const { correctStatement, issueMonthlyStatements } = await import('../lambdas/use-cases/statements');
  try {
    const deps = statementDeps();
    if (command.kind === 'run') {
      const report = await issueMonthlyStatements({ day: command.day, force: true }, deps);
      console.info(
        `Statements for ${report.month}: ${report.issued} issued, ${report.alreadyIssued} already issued, ` +
          `${report.quiet} accounts with nothing to state, ${report.failed} failed.`,
      );
      if (report.failed > 0) process.exitCode = 1;
    } else {
      const statement = await correctStatement(command, { userId: 'command-line', name: 'Statements command' }, deps);
      console.info(
        `Statement ${statement.accountNumber} ${statement.month} version ${statement.version} issued: closing ${statement.closingCents} cents.`,
      );
    }
  } catch (error) {
    console.error(`Statements failed: ${describeError(error).message}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
