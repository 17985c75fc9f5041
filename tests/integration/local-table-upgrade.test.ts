import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  PutItemCommand,
  QueryCommand,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES, type TableDef, type TableName } from '../../core/data/tables';
import { dynamoClient, startDynamoDb } from '../../local/emulators/dynamodb';
import { reservePort } from '../../local/ports';
import type { ManagedProcess } from '../../local/process/child-process';
import { localTableName, provisionTables } from '../../local/provision/tables';

/**
 * A developer's .local/ data made before indexes were added or changed in core/data/tables.ts: `npm start`
 * must bring those tables to the definitions (keeping their items), or the handlers fail with "index not found".
 * Runs against its own in-memory DynamoDB Local so the old tables cannot disturb the shared stack.
 */
const PREFIX = 'upgrade-test';
const logDir = mkdtempSync(join(tmpdir(), 'lenslab-table-upgrade-'));
let dynamo: ProcessAndClient;

interface ProcessAndClient {
  process: ManagedProcess;
  client: DynamoDBClient;
}

beforeAll(async () => {
  const port = await reservePort(0);
  const process = await startDynamoDb({ port, logFile: join(logDir, 'dynamodb.log') });
  dynamo = { process, client: dynamoClient(`http://127.0.0.1:${port}`) };
});

afterAll(async () => {
  dynamo?.client.destroy();
  await dynamo?.process.stop();
  rmSync(logDir, { recursive: true, force: true });
});

const S = (AttributeName: string) => ({ AttributeName, AttributeType: 'S' as const });
const name = (table: TableName) => localTableName(table, PREFIX);

/** The tables as an older core/data/tables.ts had them. */
const OLD_TABLES: CreateTableCommandInput[] = [
  // No byCatalogue yet.
  {
    TableName: name('lenses'),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [S('lensId')],
    KeySchema: [{ AttributeName: 'lensId', KeyType: 'HASH' }],
  },
  // byStatus sorted by createdAt (now statusAt), an index since dropped, and no byAccount.
  {
    TableName: name('orders'),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [S('orderId'), S('status'), S('createdAt'), S('practice')],
    KeySchema: [{ AttributeName: 'orderId', KeyType: 'HASH' }],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'byStatus',
        KeySchema: [
          { AttributeName: 'status', KeyType: 'HASH' },
          { AttributeName: 'createdAt', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: 'byPractice',
        KeySchema: [{ AttributeName: 'practice', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
    ],
  },
  // Same index name and attribute names, but lastActivity as a string: the type is part of the key.
  {
    TableName: name('userActivity'),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [S('userId'), S('status'), S('lastActivity')],
    KeySchema: [{ AttributeName: 'userId', KeyType: 'HASH' }],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'byStatus',
        KeySchema: [
          { AttributeName: 'status', KeyType: 'HASH' },
          { AttributeName: 'lastActivity', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  },
  // TTL was never switched on.
  {
    TableName: name('tokens'),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [S('pk')],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  },
];

/** Index name -> `pk(type)+sk(type)`, from DescribeTable or from a definition. */
async function describedIndexes(table: TableName): Promise<Record<string, string>> {
  const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: name(table) }));
  const type = (attr?: string) => Table?.AttributeDefinitions?.find((a) => a.AttributeName === attr)?.AttributeType;
  return Object.fromEntries(
    (Table?.GlobalSecondaryIndexes ?? []).map((i) => [
      i.IndexName,
      `${(i.KeySchema ?? []).map((k) => `${k.AttributeName}(${type(k.AttributeName)})`).join('+')} ${i.Projection?.ProjectionType} ${i.IndexStatus}`,
    ]),
  );
}

const definedIndexes = (def: TableDef): Record<string, string> =>
  Object.fromEntries(
    (def.indexes ?? []).map((i) => [
      i.indexName,
      `${[i.partitionKey, i.sortKey].flatMap((k) => (k ? [`${k.name}(${k.type})`] : [])).join('+')} ALL ACTIVE`,
    ]),
  );

describe('local provisioning upgrades tables of older local data to core/data/tables.ts', () => {
  const lines: string[] = [];

  beforeAll(async () => {
    for (const table of OLD_TABLES) await dynamo.client.send(new CreateTableCommand(table));
    await dynamo.client.send(
      new PutItemCommand({
        TableName: name('lenses'),
        Item: { lensId: { S: 'l-1' }, catalogue: { S: 'lenses' }, nameKey: { S: 'scleral#l-1' } },
      }),
    );
    const s = (S: string) => ({ S });
    const orders = [
      // A placed order, and a draft (never placed: no submittedAt), which stays out of the sparse index.
      {
        orderId: 'o-1',
        status: 'pendingApproval',
        createdAt: '2025-01-01T00:00:00.000Z',
        submittedAt: '2025-01-01T00:10:00.000Z',
        statusAt: '2025-01-02T00:00:00.000Z',
      },
      { orderId: 'o-2', status: 'draft', createdAt: '2025-01-03T00:00:00.000Z', statusAt: '2025-01-03T00:00:00.000Z' },
    ];
    for (const order of orders) {
      const Item = Object.fromEntries(Object.entries({ ...order, accountNumber: '100001' }).map(([k, v]) => [k, s(v)]));
      await dynamo.client.send(new PutItemCommand({ TableName: name('orders'), Item }));
    }
    await provisionTables(dynamo.client, PREFIX, { log: (line) => lines.push(line), indexTimeoutMs: 10_000 });
  });

  it('gives every table exactly the indexes (keys, key types, projection) of its definition, all ACTIVE', async () => {
    for (const table of Object.keys(TABLES) as TableName[]) {
      expect({ table, indexes: await describedIndexes(table) }).toEqual({
        table,
        indexes: definedIndexes(TABLES[table]),
      });
    }
  });

  it('keeps the items of an upgraded table and fills the added and rebuilt indexes from them (placed orders only in the sparse one)', async () => {
    const lenses = await dynamo.client.send(
      new QueryCommand({
        TableName: name('lenses'),
        IndexName: 'byCatalogue',
        KeyConditionExpression: 'catalogue = :c',
        ExpressionAttributeValues: { ':c': { S: 'lenses' } },
      }),
    );
    expect(lenses.Items?.map((i) => i.lensId?.S)).toEqual(['l-1']);
    const queue = await dynamo.client.send(
      new QueryCommand({
        TableName: name('orders'),
        IndexName: 'byStatus',
        KeyConditionExpression: '#s = :s AND statusAt >= :t',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': { S: 'pendingApproval' }, ':t': { S: '2025-01-02' } },
      }),
    );
    expect(queue.Items?.map((i) => i.orderId?.S)).toEqual(['o-1']);
    const practice = (IndexName: string) =>
      dynamo.client.send(
        new QueryCommand({
          TableName: name('orders'),
          IndexName,
          KeyConditionExpression: 'accountNumber = :a',
          ExpressionAttributeValues: { ':a': { S: '100001' } },
        }),
      );
    expect((await practice('byAccount')).Items?.map((i) => i.orderId?.S).sort()).toEqual(['o-1', 'o-2']);
    expect((await practice('placedByAccount')).Items?.map((i) => i.orderId?.S)).toEqual(['o-1']);
  });

  it('enables the defined TTL on a table that lacks it', async () => {
    const { TimeToLiveDescription } = await dynamo.client.send(
      new DescribeTimeToLiveCommand({ TableName: name('tokens') }),
    );
    expect(TimeToLiveDescription).toMatchObject({ AttributeName: TABLES.tokens.ttlAttribute });
    expect(['ENABLED', 'ENABLING']).toContain(TimeToLiveDescription?.TimeToLiveStatus);
  });

  it('prints one line per change, saying a rebuilt index concerns local data only', () => {
    const expected = [
      'Local tables: added index byCatalogue to Lenses',
      'Local tables: added index byAccount to Orders',
      'Local tables: added index placedByAccount to Orders',
      'Local tables: added index byShipBy to Orders',
      expect.stringMatching(/^Local tables: rebuilt index byStatus of Orders \(key .*createdAt.*local data only/),
      expect.stringMatching(/^Local tables: rebuilt index byStatus of UserActivity \(key .*local data only/),
      'Local tables: removed index byPractice from Orders (no longer in core/data/tables.ts)',
      'Local tables: enabled TTL on expiresAt for Tokens',
      ...(Object.keys(TABLES) as TableName[])
        .filter((t) => !OLD_TABLES.some((old) => old.TableName === name(t)))
        .map((t) => `Local tables: created ${TABLES[t].id}`),
    ];
    expect(lines).toEqual(expect.arrayContaining(expected));
    expect(lines).toHaveLength(expected.length);
  });

  it('changes nothing and prints nothing when the tables already match', async () => {
    const again: string[] = [];
    await provisionTables(dynamo.client, PREFIX, { log: (line) => again.push(line), indexTimeoutMs: 10_000 });
    expect(again).toEqual([]);
  });
});
