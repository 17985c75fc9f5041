/**
 * Runs autopay for a day against the running local stack (`npm start`), as the schedule would on that day
 * (docs/decisions/0107-autopay.md):
 *
 *   npm run autopay -- --date 2026-12-15
 *
 * Accounts whose autopay day has come in that day's month are charged once for the month; a soft decline waiting
 * for its retry day is tried again when --date is that day. Run it twice: the second run charges nothing. The
 * stack's ports are read as `npm start` reads them (LENSLAB_PORT_BASE, LENSLAB_PORT_DYNAMODB,
 * LENSLAB_PORT_FAKE_GATEWAY).
 *
 * Exit status: 0 done; 1 failed; 2 bad arguments.
 */
import { pathToFileURL } from 'node:url';
import { describeError } from '../core/describe-error';
import { isCalendarDay } from '../core/rules/calendar-days';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local/emulators/local-credentials';
import { DEFAULT_PORT_BASE, portsFrom } from '../local/ports';
import { tableEnv } from '../local/provision/tables';
import { TABLE_PREFIX } from '../local/stack';
import { parseStrictArgs, USAGE_EXIT, UsageError } from './restore-table';

/** The day to run; every problem is a UsageError naming the argument. */
export function parseAutopayArgs(argv: string[]): { day: string } {
  const values = parseStrictArgs(argv, { date: { type: 'string' } });
  if (values.date === undefined || !isCalendarDay(values.date))
    throw new UsageError('--date needs a day written YYYY-MM-DD');
  return { day: values.date };
}

/** What the job's adapters need to reach the local stack's DynamoDB and fake card gateway. */
function localEnvironment(): Record<string, string> {
  const ports = portsFrom(Number(process.env.LENSLAB_PORT_BASE || DEFAULT_PORT_BASE));
  return {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamodb}`,
    PAYMENT_GATEWAY: 'fake',
    FAKE_GATEWAY_URL: `http://127.0.0.1:${ports.fakeGateway}`,
    // The command never verifies a webhook; the gateway client still wants the variable.
    FAKE_GATEWAY_WEBHOOK_SECRET: 'not-used-by-the-autopay-command',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...tableEnv(TABLE_PREFIX),
  };
}

const USAGE = 'Usage: npm run autopay -- --date YYYY-MM-DD';

async function main(): Promise<void> {
  let day: string;
  try {
    ({ day } = parseAutopayArgs(process.argv.slice(2)));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(USAGE_EXIT);
  }
  Object.assign(process.env, localEnvironment());
  // Loaded after the environment is set: the adapters read their table names when they are made.
  const { autopayDeps } = await import('../lambdas/jobs/autopay');
  const { runAutopay } = await import('../lambdas/use-cases/payments/autopay');
  try {
    const report = await runAutopay({ day }, autopayDeps());
    const { outcomes } = report;
    console.info(
      `Autopay for ${day}: ${outcomes.paid} paid, ${outcomes.retrying} waiting for a retry, ` +
        `${outcomes['needs-authentication']} waiting for the payer's bank, ${outcomes.failed} failed, ` +
        `${outcomes['nothing-due']} with nothing due, ${outcomes['not-due']} not due today, ${report.errors} errors.`,
    );
    if (report.errors > 0) process.exitCode = 1;
  } catch (error) {
    console.error(`Autopay failed: ${describeError(error).message}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
