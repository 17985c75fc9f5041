import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TABLES, tableEnvVar, type TableDef } from '../../core/data/tables';
import type { Order } from '../../core/schemas/orders';
import { dynamoOrdersRepository } from '../../lambdas/adapters/dynamo-orders-repository';
import { encodeCursor, INVALID_CURSOR } from '../../lambdas/paging/page-cursor';
import { dynamoClient } from '../../local/emulators/dynamodb';
import { createTable } from '../../local/provision/tables';
import { allPages } from '../support/contracts/contract-helpers';
import { contractOrder } from '../support/contracts/orders-repository';

/**
 * A practice's order lists read `placedByAccount`, the sparse index of placed orders. The new functions may run
 * before DynamoDB has filled it after the deploy that adds it, and DynamoDB refuses to read it until then: the
 * lists must keep answering from `byAccount` meanwhile, and a list begun there must go on. The first case runs on an orders
 * table of its own made as it was before the index (the shared one has it).
 */
const endpoint = inject('env').AWS_ENDPOINT_URL_DYNAMODB!;
const ORDERS_ENV = tableEnvVar('orders');
const beforeIndex = `before-placed-${randomUUID().slice(0, 8)}-${TABLES.orders.id}`;
const TABLE_BEFORE_INDEX: TableDef = {
  ...TABLES.orders,
  indexes: TABLES.orders.indexes.filter((index) => index.indexName !== 'placedByAccount'),
};
let tables: DynamoDBClient;

beforeAll(async () => {
  tables = dynamoClient(endpoint);
  await createTable(tables, beforeIndex, TABLE_BEFORE_INDEX);
});

afterAll(async () => {
  await tables?.send(new DeleteTableCommand({ TableName: beforeIndex }));
  tables?.destroy();
});

/** Runs `work` with the adapter pointed at another orders table, as a function deployed against it would be. */
async function onTable<T>(name: string, work: () => Promise<T>): Promise<T> {
  const was = process.env[ORDERS_ENV];
  process.env[ORDERS_ENV] = name;
  try {
    return await work();
  } finally {
    process.env[ORDERS_ENV] = was;
  }
}

const day = (n: number) => `2024-03-${String(n).padStart(2, '0')}T10:00:00.000Z`;

/** Three placed orders started on days 1 to 3 (placed a day later each), and drafts started among them. */
async function practiceWithDraft(): Promise<{ placed: Order[]; account: string }> {
  const orders = dynamoOrdersRepository();
  const first = contractOrder({ status: 'submitted', createdAt: day(1), submittedAt: day(2) });
  const account = first.accountNumber;
  const placed = [
    first,
    contractOrder({ accountNumber: account, status: 'approved', createdAt: day(2), submittedAt: day(3) }),
    contractOrder({ accountNumber: account, status: 'submitted', createdAt: day(3), submittedAt: day(4) }),
  ];
  const drafts = [day(9), '2024-03-01T12:00:00.000Z'].map((createdAt) =>
    contractOrder({ accountNumber: account, createdAt }),
  );
  for (const order of [...placed, ...drafts]) await orders.write({ order, expectedVersion: null });
  return { placed, account };
}

const ids = (orders: Order[]) => orders.map((o) => o.orderId);

describe("a practice's order lists while placedByAccount is being filled", () => {
  it('answer its placed orders from byAccount, newest first and without drafts, page after page; refuse a cursor of the index they cannot read', async () => {
    await onTable(beforeIndex, async () => {
      const orders = dynamoOrdersRepository();
      const { placed, account } = await practiceWithDraft();
      const list = await allPages((cursor) =>
        orders.listByAccount({ accountNumber: account, draftsOf: 'u-ann', limit: 1, cursor }),
      );
      expect(ids(list)).toEqual(ids([...placed].reverse()));
      const queue = await allPages((cursor) =>
        orders.listByStatus({ status: 'submitted', accountNumber: account, limit: 1, cursor }),
      );
      expect(ids(queue)).toEqual(ids([placed[0]!, placed[2]!]));
      // A cursor of the new index, where it cannot be read (a rollback): a stale cursor, never a 500.
      const cursor = encodeCursor({ orderId: placed[2]!.orderId, accountNumber: account, submittedAt: day(4) });
      const refused = await orders.listByAccount({ accountNumber: account, draftsOf: 'u-ann', limit: 1, cursor }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ status: 'invalid-argument', message: INVALID_CURSOR });
    });
  });

  it('a list begun on byAccount goes on from its cursor once placedByAccount is read', async () => {
    const orders = dynamoOrdersRepository();
    const { placed, account } = await practiceWithDraft();
    const newest = placed[2]!;
    // The cursor the list answered from byAccount: the last item's key in that index.
    const cursor = encodeCursor({ orderId: newest.orderId, accountNumber: account, createdAt: newest.createdAt });
    const rest = await orders.listByAccount({ accountNumber: account, draftsOf: 'u-ann', limit: 5, cursor });
    expect(ids(rest.items)).toEqual(ids([placed[1]!, placed[0]!]));
    expect(rest.nextCursor).toBeNull();
  });
});
