/**
 * Brings every stored lens design's `nameKey` (the byCatalogue sort key, core/data/tables.ts) to what
 * `lensNameKey` gives now. A design keeps the key it was written with until it is saved again, so after
 * lensNameKey changes (accents folded: "Élan" lists with the E's, no longer after Z) the older designs list out
 * of order until this has run once on the stage (docs/runbook.md "Re-keying the lens catalogue").
 *
 *   npx tsx scripts/rekey-lens-catalogue.ts --stage prod [--dry-run] [--region <region>]
 *   npx tsx scripts/rekey-lens-catalogue.ts --table lenslab-local-Lenses [--dry-run]
 *
 * --stage finds the stage's lenses table as restore-table.ts does, or takes the restored table the stage config
 * uses in its place; --table names it (the local stack's, with its AWS_ENDPOINT_URL_DYNAMODB and credentials).
 * Each key is written with a conditional UpdateItem that holds only while the stored key is still the one read:
 * a design saved meanwhile already carries the new key, and that save wins. Only `nameKey` changes, not the
 * version, so an editor's open form stays valid. A second run finds nothing to change.
 *
 * Exit status: 0 done (or planned, with --dry-run); 1 failed; 2 bad arguments.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { pathToFileURL } from 'node:url';
import { describeError } from '../core/describe-error';
import { LENS_CATALOGUE_PARTITION, lensNameKey } from '../lambdas/ports/lens-catalogue';
import {
  parseStrictArgs,
  stageOrTable,
  stageTableOf,
  USAGE_EXIT,
  UsageError,
  type DynamoDbSender,
} from './restore-table';

export interface RekeyOptions {
  /** A deployed stage, whose lenses table is looked up; or `table`, named outright. */
  stage?: string;
  table?: string;
  region?: string;
  dryRun: boolean;
}

/** The command line as options; every problem is a UsageError naming the argument. */
export function parseRekeyArgs(argv: string[]): RekeyOptions {
  const values = parseStrictArgs(argv, {
    stage: { type: 'string' },
    table: { type: 'string' },
    region: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  });
  return { dryRun: values['dry-run'], ...stageOrTable(values) };
}

/** The table the stage's portal reads and writes: a restored one in its place, or the stack's own. */
export const lensesTableOf = (options: RekeyOptions, client: DynamoDbSender): Promise<string> =>
  stageTableOf(options, client, 'lenses');

export interface RekeySummary {
  designs: number;
  /** Re-keyed, or with --dry-run to be re-keyed. */
  rekeyed: number;
  /** Saved (and so re-keyed) by someone else between the read and the write. */
  changedMeanwhile: number;
}

const isConditionFailure = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/** Every design of the byCatalogue partition whose stored key is not lensNameKey's gets that key. */
export async function rekeyLensCatalogue(
  client: DynamoDbSender,
  table: string,
  { dryRun, log }: { dryRun: boolean; log: (line: string) => void },
): Promise<RekeySummary> {
  const summary: RekeySummary = { designs: 0, rekeyed: 0, changedMeanwhile: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = (await client.send(
      new QueryCommand({
        TableName: table,
        IndexName: 'byCatalogue',
        KeyConditionExpression: 'catalogue = :catalogue',
        ExpressionAttributeValues: { ':catalogue': LENS_CATALOGUE_PARTITION },
        ProjectionExpression: 'lensId, #name, nameKey',
        ExpressionAttributeNames: { '#name': 'name' },
        ExclusiveStartKey: start,
      }),
    )) as QueryCommandOutput;
    for (const item of page.Items ?? []) {
      summary.designs += 1;
      const { lensId, name, nameKey } = item as { lensId: string; name: string; nameKey: string };
      const key = lensNameKey(name, lensId);
      if (nameKey === key) continue;
      const change = `${lensId}: "${nameKey}" -> "${key}"`;
      if (dryRun) {
        log(`Would re-key ${change}`);
        summary.rekeyed += 1;
        continue;
      }
      try {
        await client.send(
          new UpdateCommand({
            TableName: table,
            Key: { lensId },
            UpdateExpression: 'SET nameKey = :key',
            ConditionExpression: 'nameKey = :read',
            ExpressionAttributeValues: { ':key': key, ':read': nameKey },
          }),
        );
        log(`Re-keyed ${change}`);
        summary.rekeyed += 1;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        log(`${lensId}: saved meanwhile, left as saved`);
        summary.changedMeanwhile += 1;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return summary;
}

async function main(): Promise<void> {
  let options: RekeyOptions;
  try {
    options = parseRekeyArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(
      `${error.message}\n\nUsage: npx tsx scripts/rekey-lens-catalogue.ts (--stage <stage> | --table <table name>) [--region <region>] [--dry-run]`,
    );
    process.exit(USAGE_EXIT);
  }
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ ...(options.region && { region: options.region }) }));
  try {
    const table = await lensesTableOf(options, client);
    if (options.dryRun) console.info(`Dry run on ${table}: nothing is written.`);
    const log = (line: string) => console.info(line);
    const { designs, rekeyed, changedMeanwhile } = await rekeyLensCatalogue(client, table, { ...options, log });
    console.info(
      `${options.dryRun ? 'Would re-key' : 'Re-keyed'} ${rekeyed} of ${designs} designs in ${table}` +
        (changedMeanwhile ? `; ${changedMeanwhile} saved meanwhile, left as saved.` : '.'),
    );
  } catch (error) {
    console.error(`Re-keying failed: ${describeError(error).message}`);
    process.exit(1);
  } finally {
    client.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
