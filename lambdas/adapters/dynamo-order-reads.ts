import { lazySchema } from '../../core/schemas/lazy-schema';
import { GetCommand } from './aws/dynamo-document-client';
import * as z from '../../core/zod';
import { orderSchema } from '../../core/schemas/orders';
import type { OrderStatus } from '../../core/rules/order-lifecycle';
import { decodeCursor, INVALID_CURSOR } from '../paging/page-cursor';
import { invalidArgument } from '../../core/errors';
import {
  counterNames,
  foldSearch,
  type OrderPage,
  type OrdersRepository,
  type StatusOrdersQuery,
} from '../ports/orders-repository';
import { batchGetItems } from './dynamo-batch-get';
import { documentClient, requireTables } from './dynamo-client';
import { queryPage } from './dynamo-query-page';

/** The orders table's reads: one order, the lists (each a Query on an index, over the shared pager), the counters. */

const parseOrder = (item: Record<string, unknown>) => orderSchema.parse(item);

/**
 * The two indexes of a practice's orders: every order by when it was started (its drafts list reads it), and
 * the sparse one of placed orders by when they were placed, which its order lists read: no drafts to skip.
 */
const STARTED = { name: 'byAccount', sortKey: 'createdAt' } as const;
const PLACED = { name: 'placedByAccount', sortKey: 'submittedAt' } as const;
type AccountIndex = typeof STARTED | typeof PLACED;

/** A practice list's cursor: the last answered item's key in the index it was read from. */
const accountCursorOf = (sortKey: AccountIndex['sortKey']) =>
  z.strictObject({
    orderId: z.string().check(z.minLength(1), z.maxLength(64)),
    accountNumber: z.string().check(z.minLength(1), z.maxLength(32)),
    [sortKey]: z.string().check(z.minLength(1), z.maxLength(40)),
  });
const startedCursorSchema = lazySchema(() => accountCursorOf(STARTED.sortKey));
/** A placed-orders list goes on in either index: it was read from byAccount while placedByAccount was filling. */
const placedListCursorSchema = lazySchema(() =>
  z.union([accountCursorOf(PLACED.sortKey), accountCursorOf(STARTED.sortKey)]),
);

/**
 * DynamoDB refuses to read an index it is still filling: after the deploy that adds one, for minutes on a big
 * table, while the new functions may already run. A missing index is refused alike.
 */
export function indexNotReadable(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === 'ValidationException' &&
    /backfilling|does not have the specified index/i.test(error.message)
  );
}

const statusCursorSchema = lazySchema(() =>
  z.strictObject({
    orderId: z.string().check(z.minLength(1), z.maxLength(64)),
    status: z.string().check(z.minLength(1), z.maxLength(20)),
    statusAt: z.string().check(z.minLength(1), z.maxLength(40)),
  }),
);

/** The names, values and filter parts one Query's expressions are built from. */
interface QueryExpressions {
  names: Record<string, string>;
  values: Record<string, unknown>;
  filters: string[];
}

function filterOf(parts: string[]): string | undefined {
  return parts.length ? parts.join(' AND ') : undefined;
}

/** Narrows a list to the orders that entered their status between `from` and `to` (either may be left out). */
function addEnteredFilter(
  expressions: QueryExpressions,
  query: { from?: string | undefined; to?: string | undefined },
): void {
  const { names, values, filters } = expressions;
  if (query.from || query.to) names['#at'] = 'statusAt';
  if (query.from) {
    values[':from'] = query.from;
    filters.push('#at >= :from');
  }
  if (query.to) {
    values[':to'] = query.to;
    filters.push('#at <= :to');
  }
}

/** Narrows a list to the orders whose folded search text holds the search (every list searches alike). */
function addSearchFilter(expressions: QueryExpressions, search: string | undefined): void {
  if (!search) return;
  expressions.names['#search'] = 'searchText';
  expressions.values[':search'] = foldSearch(search);
  expressions.filters.push('contains(#search, :search)');
}

/** Where a list of one practice's orders goes on; a cursor from another practice's list or index is refused. */
function accountStart(
  query: { accountNumber: string; cursor?: string | undefined },
  schema: typeof startedCursorSchema | typeof placedListCursorSchema,
) {
  const start = query.cursor ? decodeCursor(query.cursor, schema) : undefined;
  if (start && start.accountNumber !== query.accountNumber)
    throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
  return start;
}

/** One page of a practice's orders from its partition of one of its indexes, by that index's sort key. */
function queryAccountPage(
  table: string,
  index: AccountIndex,
  { names, values, filters }: QueryExpressions,
  page: { ascending: boolean; limit: number; start: Record<string, unknown> | undefined },
): Promise<OrderPage> {
  return queryPage({
    input: {
      TableName: table,
      IndexName: index.name,
      KeyConditionExpression: '#account = :account',
      FilterExpression: filterOf(filters),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: page.ascending,
    },
    parse: parseOrder,
    limit: page.limit,
    keyOf: (item) => ({
      orderId: item['orderId'],
      accountNumber: item['accountNumber'],
      [index.sortKey]: item[index.sortKey],
    }),
    start: page.start,
  });
}

interface PracticeQuery {
  accountNumber: string;
  status?: OrderStatus | undefined;
  cursor?: string | undefined;
}

/**
 * One page of a practice's orders: drafts from byAccount, placed orders from placedByAccount. Until DynamoDB
 * can read that index (just after the deploy that added it), and for a list that began on byAccount then,
 * placed orders come from byAccount with drafts filtered out, as before the index.
 */
async function queryPracticeOrders(
  table: string,
  query: PracticeQuery,
  expressions: QueryExpressions,
  page: { ascending: boolean; limit: number },
): Promise<OrderPage> {
  if (query.status === 'draft')
    return queryAccountPage(table, STARTED, expressions, { ...page, start: accountStart(query, startedCursorSchema) });
  const start = accountStart(query, placedListCursorSchema);
  if (!start || PLACED.sortKey in start) {
    try {
      return await queryAccountPage(table, PLACED, expressions, { ...page, start });
    } catch (error) {
      if (!indexNotReadable(error)) throw error;
      // A cursor of the placed orders' index it can no longer read (a rollback, a table restored without it).
      if (start) throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
    }
  }
  const { names, values, filters } = expressions;
  const placedOnly: QueryExpressions = query.status
    ? expressions
    : {
        names: { ...names, '#status': 'status' },
        values: { ...values, ':draft': 'draft' },
        filters: [...filters, '#status <> :draft'],
      };
  return queryAccountPage(table, STARTED, placedOnly, { ...page, start });
}

/**
 * The queue narrowed to one practice: a Query on that account's partition of its placed orders (oldest first
 * by when placed) filtered to the status, so it reads that practice's orders only, not the whole status,
 * which at 100,000 orders is thousands of others' rows per page.
 */
async function listStatusOfAccount(
  table: string,
  query: StatusOrdersQuery & { accountNumber: string },
): Promise<OrderPage> {
  const expressions: QueryExpressions = {
    names: { '#account': 'accountNumber', '#status': 'status' },
    values: { ':account': query.accountNumber, ':status': query.status },
    filters: ['#status = :status'],
  };
  addEnteredFilter(expressions, query);
  addSearchFilter(expressions, query.search);
  return queryPracticeOrders(table, query, expressions, { ascending: true, limit: query.limit });
}

const shipByCursorSchema = lazySchema(() =>
  z.strictObject({
    orderId: z.string().check(z.minLength(1), z.maxLength(64)),
    status: z.string().check(z.minLength(1), z.maxLength(20)),
    promisedShipBy: z.string().check(z.minLength(1), z.maxLength(10)),
  }),
);

/**
 * One status, soonest ship-by day first: a Query on the sparse byShipBy index (orders with a promise). The dates
 * bound when orders entered the status, as in the oldest-first queue, here as a filter.
 */
function listStatusByShipBy(table: string, query: StatusOrdersQuery): Promise<OrderPage> {
  const start = query.cursor ? decodeCursor(query.cursor, shipByCursorSchema) : undefined;
  if (start && start.status !== query.status) throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
  const expressions: QueryExpressions = {
    names: { '#status': 'status' },
    values: { ':status': query.status },
    filters: [],
  };
  addEnteredFilter(expressions, query);
  addSearchFilter(expressions, query.search);
  return queryPage({
    input: {
      TableName: table,
      IndexName: 'byShipBy',
      KeyConditionExpression: '#status = :status',
      FilterExpression: filterOf(expressions.filters),
      ExpressionAttributeNames: expressions.names,
      ExpressionAttributeValues: expressions.values,
      ScanIndexForward: true,
    },
    parse: parseOrder,
    limit: query.limit,
    keyOf: (item) => ({ orderId: item['orderId'], status: item['status'], promisedShipBy: item['promisedShipBy'] }),
    start,
  });
}

export type OrderReads = Pick<
  OrdersRepository,
  'get' | 'sequenceValue' | 'listByAccount' | 'listByStatus' | 'counters' | 'findParcel'
>;

export function dynamoOrderReads(table: () => string, counters: () => string): OrderReads {
  return {
    async get(orderId) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: table(), Key: { orderId }, ConsistentRead: true }),
      );
      return Item ? orderSchema.parse(Item) : null;
    },

    async sequenceValue() {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: counters(), Key: { counter: counterNames.sequence }, ConsistentRead: true }),
      );
      return typeof Item?.['value'] === 'number' ? Item['value'] : 0;
    },

    async listByAccount(query) {
      const expressions: QueryExpressions = {
        names: { '#account': 'accountNumber' },
        values: { ':account': query.accountNumber },
        filters: [],
      };
      const { names, values, filters } = expressions;
      // DynamoDB refuses a name or value the expressions do not use, so each is set only where it is read.
      if (query.status === 'draft') {
        names['#status'] = 'status';
        values[':draft'] = 'draft';
        names['#createdBy'] = 'createdBy';
        names['#userId'] = 'userId';
        values[':me'] = query.draftsOf;
        filters.push('#status = :draft AND #createdBy.#userId = :me');
      } else if (query.status) {
        names['#status'] = 'status';
        values[':status'] = query.status;
        filters.push('#status = :status');
      }
      addSearchFilter(expressions, query.search);
      return queryPracticeOrders(table(), query, expressions, {
        ascending: false,
        limit: query.limit,
      });
    },

    async listByStatus(query) {
      if (query.accountNumber) return listStatusOfAccount(table(), { ...query, accountNumber: query.accountNumber });
      if (query.sort === 'shipBy') return listStatusByShipBy(table(), query);
      const start = query.cursor ? decodeCursor(query.cursor, statusCursorSchema) : undefined;
      if (start && start.status !== query.status) throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
      const expressions: QueryExpressions = {
        names: { '#status': 'status' },
        values: { ':status': query.status },
        filters: [],
      };
      const { names, values, filters } = expressions;
      let keyCondition = '#status = :status';
      if (query.from || query.to) {
        names['#at'] = 'statusAt';
        if (query.from) values[':from'] = query.from;
        if (query.to) values[':to'] = query.to;
        keyCondition +=
          query.from && query.to
            ? ' AND #at BETWEEN :from AND :to'
            : query.from
              ? ' AND #at >= :from'
              : ' AND #at <= :to';
      }
      addSearchFilter(expressions, query.search);
      return queryPage({
        input: {
          TableName: table(),
          IndexName: 'byStatus',
          KeyConditionExpression: keyCondition,
          FilterExpression: filterOf(filters),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ScanIndexForward: true,
        },
        parse: parseOrder,
        limit: query.limit,
        keyOf: (item) => ({ orderId: item['orderId'], status: item['status'], statusAt: item['statusAt'] }),
        start,
      });
    },

    counters: readCounters,

    async findParcel(key) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: counters(), Key: { counter: counterNames.parcel(key) }, ConsistentRead: true }),
      );
      const orderId = Item?.['orderId'];
      const parcelId = Item?.['parcelId'];
      const trackerId = Item?.['trackerId'];
      if (typeof orderId !== 'string' || typeof parcelId !== 'string') return null;
      return { orderId, parcelId, ...(typeof trackerId === 'string' ? { trackerId } : {}) };
    },
  };
}

async function readCounters(names: string[]): Promise<Record<string, number>> {
  const items = await batchGetItems(
    'counters',
    names.map((counter) => ({ counter })),
  );
  const out: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  for (const item of items) {
    if (typeof item['counter'] === 'string' && typeof item['value'] === 'number') out[item['counter']] = item['value'];
  }
  return out;
}

/** Only the counters, for a function granted the counters table and not the orders (a claim's approval). */
export function dynamoCounterReader(): Pick<OrdersRepository, 'counters'> {
  requireTables('counters');
  return { counters: readCounters };
}
