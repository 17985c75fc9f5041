import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type DynamoDBClient,
  type GlobalSecondaryIndexDescription,
  type KeySchemaElement,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { IndexDef, KeyDef, TableDef } from '../../core/data/tables';

export interface UpgradeOptions {
  /** One line per change made to an existing table. */
  log: (line: string) => void;
  /** How long one index may take to become ACTIVE (or to disappear) before provisioning fails. */
  timeoutMs: number;
}

export const keySchema = (pk: KeyDef, sk?: KeyDef): KeySchemaElement[] => [
  { AttributeName: pk.name, KeyType: 'HASH' },
  ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
];

export const attributeDefinitions = (keys: (KeyDef | undefined)[]): AttributeDefinition[] =>
  [...new Map(keys.filter((k): k is KeyDef => !!k).map((k) => [k.name, k.type]))].map(
    ([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }),
  );

/** `status(S)+statusAt(S)`: the key as the definitions spell it, comparable with what DescribeTable reports. */
const defKey = (pk: KeyDef, sk?: KeyDef) => [pk, sk].flatMap((k) => (k ? [`${k.name}(${k.type})`] : [])).join('+');

function describedKey(keys: KeySchemaElement[] | undefined, attributes: AttributeDefinition[] | undefined): string {
  const type = (name?: string) => attributes?.find((a) => a.AttributeName === name)?.AttributeType ?? '?';
  const part = (kind: 'HASH' | 'RANGE') =>
    (keys ?? []).filter((k) => k.KeyType === kind).map((k) => `${k.AttributeName}(${type(k.AttributeName)})`);
  return [...part('HASH'), ...part('RANGE')].join('+');
}

/** Index key plus projection: the definitions always project ALL, so another projection also needs a rebuild. */
function indexShape(index: GlobalSecondaryIndexDescription, table: TableDescription): string {
  const key = describedKey(index.KeySchema, table.AttributeDefinitions);
  const projection = index.Projection?.ProjectionType ?? 'ALL';
  return projection === 'ALL' ? key : `${key} projecting ${projection}`;
}

async function describe(client: DynamoDBClient, name: string): Promise<TableDescription> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  if (!Table) throw new Error(`DescribeTable returned no table for ${name}`);
  return Table;
}

/** Polls DescribeTable until `done` holds; fails after `timeoutMs` naming what it waited for. */
async function waitFor(
  client: DynamoDBClient,
  name: string,
  what: string,
  done: (table: TableDescription) => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const table = await describe(client, name);
    if (table.TableStatus === 'ACTIVE' && done(table)) return;
    if (Date.now() > deadline) {
      throw new Error(`Local tables: timed out after ${timeoutMs} ms waiting until ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const findIndex = (table: TableDescription, indexName: string) =>
  table.GlobalSecondaryIndexes?.find((i) => i.IndexName === indexName);

async function createIndex(client: DynamoDBClient, name: string, index: IndexDef, timeoutMs: number) {
  await client.send(
    new UpdateTableCommand({
      TableName: name,
      AttributeDefinitions: attributeDefinitions([index.partitionKey, index.sortKey]),
      GlobalSecondaryIndexUpdates: [
        {
          Create: {
            IndexName: index.indexName,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: { ProjectionType: 'ALL' },
          },
        },
      ],
    }),
  );
  await waitFor(
    client,
    name,
    `index ${index.indexName} of ${name} is ACTIVE`,
    (table) => {
      const created = findIndex(table, index.indexName);
      return created?.IndexStatus === 'ACTIVE' && !created.Backfilling;
    },
    timeoutMs,
  );
}

async function deleteIndex(client: DynamoDBClient, name: string, indexName: string, timeoutMs: number) {
  await client.send(
    new UpdateTableCommand({ TableName: name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: indexName } }] }),
  );
  await waitFor(
    client,
    name,
    `index ${indexName} of ${name} is deleted`,
    (table) => !findIndex(table, indexName),
    timeoutMs,
  );
}

/**
 * Brings an existing local table to its definition without touching its items: missing indexes are added,
 * an index whose key (or projection) differs is deleted and added again, an index the definitions no longer
 * have is deleted, and TTL is enabled. DynamoDB accepts one index change per UpdateTable, so they run in turn,
 * each waiting until the table is ACTIVE again. A different primary key cannot be changed in place: that fails
 * with the remedy, rather than leaving handlers to fail later on every request.
 */
export async function upgradeTable(
  client: DynamoDBClient,
  name: string,
  def: TableDef,
  options: UpgradeOptions,
): Promise<void> {
  const { log, timeoutMs } = options;
  let table = await describe(client, name);
  const wantedKey = defKey(def.partitionKey, def.sortKey);
  const actualKey = describedKey(table.KeySchema, table.AttributeDefinitions);
  if (actualKey !== wantedKey) {
    throw new Error(
      `Local tables: ${name} has the key ${actualKey} but core/data/tables.ts says ${wantedKey}; a primary key ` +
        `cannot change in place: delete the local data folder (.local/) to recreate the tables.`,
    );
  }
  await waitFor(client, name, `${name} is ACTIVE`, () => true, timeoutMs);

  const wanted = def.indexes ?? [];
  for (const existing of table.GlobalSecondaryIndexes ?? []) {
    const indexName = existing.IndexName ?? '';
    if (wanted.some((i) => i.indexName === indexName)) continue;
    await deleteIndex(client, name, indexName, timeoutMs);
    log(`Local tables: removed index ${indexName} from ${def.id} (no longer in core/data/tables.ts)`);
  }

  for (const index of wanted) {
    table = await describe(client, name);
    const existing = findIndex(table, index.indexName);
    const shape = defKey(index.partitionKey, index.sortKey);
    if (!existing) {
      await createIndex(client, name, index, timeoutMs);
      log(`Local tables: added index ${index.indexName} to ${def.id}`);
      continue;
    }
    const was = indexShape(existing, table);
    if (was === shape) continue;
    await deleteIndex(client, name, index.indexName, timeoutMs);
    await createIndex(client, name, index, timeoutMs);
    log(
      `Local tables: rebuilt index ${index.indexName} of ${def.id} (key ${was} is now ${shape}; ` +
        `local data only, the items stay and the index is filled again from them)`,
    );
  }

  if (def.ttlAttribute) await enableTtl(client, name, def.id, def.ttlAttribute, log);
}

async function enableTtl(
  client: DynamoDBClient,
  name: string,
  id: string,
  attribute: string,
  log: (line: string) => void,
): Promise<void> {
  const { TimeToLiveDescription: ttl } = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
  const on = ttl?.TimeToLiveStatus === 'ENABLED' || ttl?.TimeToLiveStatus === 'ENABLING';
  if (on && ttl?.AttributeName === attribute) return;
  if (on) {
    // DynamoDB allows one TTL attribute: the old one is switched off before the defined one is switched on.
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: name,
        TimeToLiveSpecification: { AttributeName: ttl?.AttributeName, Enabled: false },
      }),
    );
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: attribute, Enabled: true },
    }),
  );
  log(`Local tables: enabled TTL on ${attribute} for ${id}${on ? ` (was ${ttl?.AttributeName})` : ''}`);
}
