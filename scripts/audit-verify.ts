/**
 * Verifies one UTC day of the audit log (docs/decisions/0027-audit-trail-tamper-evident.md):
 * reads the day's whole partition and walks every writer's hash chain (lambdas/audit/audit-chain.ts). An entry
 * edited or replaced after it was written, one with no chain link, a gap in a chain, or keys and expiry that no
 * longer match the entry are each reported with the entry's key.
 *
 *   npm run audit:verify -- --date 2026-12-01 --stage prod [--region <region>]
 *   npm run audit:verify -- --date 2026-12-01 --table lenslab-local-AuditLog
 *
 * --stage finds the stage's audit table as restore-table.ts does; --table names it (the local stack's, with its
 * AWS_ENDPOINT_URL_DYNAMODB and credentials). Reading needs dynamodb:Query on the table and nothing more.
 *
 * Exit status: 0 the day is intact; 1 a problem was found (or the read failed); 2 bad arguments.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { pathToFileURL } from 'node:url';
import { describeError } from '../core/describe-error';
import { verifyAuditDay, type DayVerification } from '../lambdas/audit/audit-chain';
import {
  parseStrictArgs,
  stageOrTable,
  stageTableOf,
  USAGE_EXIT,
  UsageError,
  type DynamoDbSender,
} from './restore-table';

export interface AuditVerifyOptions {
  date: string;
  stage?: string;
  table?: string;
  region?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The command line as options; every problem is a UsageError naming the argument. */
export function parseAuditVerifyArgs(argv: string[]): AuditVerifyOptions {
  const values = parseStrictArgs(argv, {
    date: { type: 'string' },
    stage: { type: 'string' },
    table: { type: 'string' },
    region: { type: 'string' },
  });
  const { date } = values;
  if (!date || !DAY.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new UsageError('--date must be a UTC day, YYYY-MM-DD');
  }
  return { date, ...stageOrTable(values) };
}

/** The table the stage's portal writes: a restored one in its place, or the stack's own. */
export const auditTableOf = (options: AuditVerifyOptions, client: DynamoDbSender): Promise<string> =>
  stageTableOf(options, client, 'auditLog');

/** Reads the day's partition (consistent reads: an entry written a moment ago counts) and verifies it. */
export async function verifyAuditLogDay(client: DynamoDbSender, table: string, day: string): Promise<DayVerification> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = (await client.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: '#day = :day',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: { ':day': day },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    )) as QueryCommandOutput;
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return verifyAuditDay(day, items);
}

async function main(): Promise<void> {
  let options: AuditVerifyOptions;
  try {
    options = parseAuditVerifyArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(
      `${error.message}\n\nUsage: npm run audit:verify -- --date YYYY-MM-DD (--stage <stage> | --table <table name>) [--region <region>]`,
    );
    process.exit(USAGE_EXIT);
  }
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ ...(options.region && { region: options.region }) }));
  try {
    const table = await auditTableOf(options, client);
    const result = await verifyAuditLogDay(client, table, options.date);
    for (const problem of result.problems) console.error(problem);
    const summary = `${result.day} in ${table}: ${result.entries} entries in ${result.chains} chains`;
    if (result.problems.length > 0) {
      console.error(`${summary}: ${result.problems.length} problems. The audit log of this day is NOT intact.`);
      process.exitCode = 1;
    } else {
      console.info(`${summary}: intact.`);
    }
  } catch (error) {
    console.error(`Verifying failed: ${describeError(error).message}`);
    process.exitCode = 1;
  } finally {
    client.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
