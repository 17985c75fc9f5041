import type { ScheduledEvent } from 'aws-lambda';
import { dynamoCustomersRepository } from '../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../adapters/dynamo-money-store';
import { dynamoProductionSettings } from '../adapters/dynamo-production-settings';
import { dynamoStatementStore } from '../adapters/dynamo-statement-store';
import { createLogger } from '../http/logger';
import { systemClock } from '../kernel/clock';
import { issueMonthlyStatements, type StatementDeps, type StatementRunReport } from '../use-cases/statements';

/** The adapters the monthly statements run uses: the job's and the command's (scripts/statements.ts). */
export function statementDeps(log = createLogger({ job: 'monthlyStatements' })): StatementDeps {
  return {
    statements: dynamoStatementStore(),
    money: dynamoMoneyStore(),
    customers: dynamoCustomersRepository(),
    production: dynamoProductionSettings(),
    log,
    ...systemClock,
  };
}

/**
 * The monthly statements job (core/jobs.ts): runs every morning and issues on the month's first business day of
 * the lab's calendar. A failure throws, so Lambda's retries run it again; statements already issued are skipped.
 */
export async function handler(_event?: ScheduledEvent): Promise<StatementRunReport> {
  return issueMonthlyStatements({}, statementDeps());
}
