import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { TABLES, tableEnvVar, type TableDef, type TableName } from '../../core/data/tables';
import { attributeDefinitions, keySchema, upgradeTable } from './table-upgrade';

/** Physical names of the local tables, e.g. `lenslab-local-Users`. */
export function localTableName(table: TableName, prefix: string): string {
  return `${prefix}-${TABLES[table].id}`;
}

/** The TABLE_* variables the handlers read. */
export function tableEnv(prefix: string): Record<string, string> {
  return Object.fromEntries(
    (Object.keys(TABLES) as TableName[]).map((t) => [tableEnvVar(t), localTableName(t, prefix)]),
  );
}

export interface ProvisionTablesOptions {
  /** Where the one line per change to existing data goes (console.info by default). */
  log?: (line: string) => void;
  /** Bound on waiting for one index to become ACTIVE or to be deleted. */
  indexTimeoutMs?: number;
}

async function tableExists(client: DynamoDBClient, name: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}

/**
 * Creates one table as its definition says; exported for tests that need a table of their own. A definition's
 * `stream` is left out: no stream consumer runs locally, the outbox's sweep does its work every second
 * (core/jobs.ts `localEveryMs`), and a stream nobody reads would only fill DynamoDB Local's data folder.
 */
export async function createTable(client: DynamoDBClient, name: string, def: TableDef): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeDefinitions([
        def.partitionKey,
        def.sortKey,
        ...(def.indexes ?? []).flatMap((i) => [i.partitionKey, i.sortKey]),
      ]),
      KeySchema: keySchema(def.partitionKey, def.sortKey),
      GlobalSecondaryIndexes: def.indexes?.length
        ? def.indexes.map((index) => ({
            IndexName: index.indexName,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: { ProjectionType: 'ALL' },
          }))
        : undefined,
    }),
  );
  if (def.ttlAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: name,
        TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
      }),
    );
  }
}

/**
 * Creates every table of core/data/tables.ts (the same list the CDK Data construct reads), with its
 * indexes and TTL. A table that exists already (the data of an earlier `npm start`) keeps its items and is
 * brought to its definition: missing or changed indexes and TTL, see upgradeTable.
 */
export async function provisionTables(
  client: DynamoDBClient,
  prefix: string,
  options: ProvisionTablesOptions = {},
): Promise<void> {
  const log = options.log ?? ((line: string) => console.info(line));
  const tables = Object.keys(TABLES) as TableName[];
  const exists = await Promise.all(tables.map((t) => tableExists(client, localTableName(t, prefix))));
  // A fresh data folder creates every table: that is no news. A table added to older data is.
  const upgrading = exists.some(Boolean);
  await Promise.all(
    tables.map(async (table, i) => {
      const def: TableDef = TABLES[table];
      const name = localTableName(table, prefix);
      if (exists[i]) {
        await upgradeTable(client, name, def, { log, timeoutMs: options.indexTimeoutMs ?? 30_000 });
        return;
      }
      await createTable(client, name, def);
      if (upgrading) log(`Local tables: created ${def.id}`);
    }),
  );
}
