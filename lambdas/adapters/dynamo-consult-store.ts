import {
  GetCommand,
  QueryCommand,
  TransactionCanceledException,
  TransactWriteCommand,
} from './aws/dynamo-document-client';
import { consultSchema, type Consult } from '../../core/schemas/consults';
import {
  consultReferenceMarker,
  consultRefusals,
  newConsultReference,
  type ConsultStore,
} from '../ports/consult-store';
import { systemClock } from '../kernel/clock';
import { retryOnRefusal, type RetryRule } from '../kernel/retry';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { outboxPuts } from './dynamo-outbox-items';
import { writeWithNotices } from './dynamo-write-with-notices';
import { pinnedCursorSchema, queryPage } from './dynamo-query-page';

/**
 * Create draws a new reference after one was taken, at once, or after a pause when its transaction overlapped
 * another, up to 12 draws.
 */
const CREATE_RETRY: RetryRule = {
  attempts: 12,
  baseMs: 10,
  jitterMs: 30,
  retries: (error) => {
    const refusal = createRefusal(error);
    return refusal === 'reference' ? 'at-once' : refusal === 'contention';
  },
  exhausted: () => consultRefusals.refuse('contention'),
};

const parseConsult = (item: Record<string, unknown>) => consultSchema.parse(item);

/** A cursor of one index partition: the table key plus that index's keys, the partition pinned. */
const cursorOf = (partition: 'accountNumber' | 'status', value: string) =>
  pinnedCursorSchema(['consultId', partition, 'createdAt'], { [partition]: value });
const keyOf = (partition: 'accountNumber' | 'status') => (item: Record<string, unknown>) => ({
  consultId: String(item['consultId']),
  [partition]: String(item[partition]),
  createdAt: String(item['createdAt']),
});

/**
 * Which condition of the create transaction failed: the consult's id (0) or the reference's marker (1). The
 * notices after them have fresh ids, so theirs do not fail.
 */
function createRefusal(error: unknown): 'consult' | 'reference' | 'contention' | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
  if (codes[0] === 'ConditionalCheckFailed') return 'consult';
  if (codes[1] === 'ConditionalCheckFailed') return 'reference';
  return 'contention';
}

/**
 * DynamoDB adapter of the ConsultStore port: the consults table and the reference markers in the counters
 * table. The `ordered` step is written by the orders adapter, in the order's own transaction.
 */
export function dynamoConsultStore(
  options: { sleep?: (ms: number) => Promise<void>; newReference?: () => string } = {},
): ConsultStore {
  requireTables('consults');
  const table = () => tableName('consults');
  const clock = { sleep: options.sleep ?? systemClock.sleep };
  const newReference = options.newReference ?? (() => newConsultReference());

  return {
    async get(consultId) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: table(), Key: { consultId }, ConsistentRead: true }),
      );
      return Item ? parseConsult(Item) : null;
    },

    create(fields, notices) {
      return retryOnRefusal(clock, CREATE_RETRY, async () => {
        const consult: Consult = { ...fields, reference: newReference() };
        try {
          await documentClient().send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Put: {
                    TableName: table(),
                    Item: consult,
                    ConditionExpression: 'attribute_not_exists(#id)',
                    ExpressionAttributeNames: { '#id': 'consultId' },
                  },
                },
                {
                  Put: {
                    TableName: tableName('counters'),
                    Item: { counter: consultReferenceMarker(consult.reference), consultId: consult.consultId },
                    ConditionExpression: 'attribute_not_exists(#counter)',
                    ExpressionAttributeNames: { '#counter': 'counter' },
                  },
                },
                ...outboxPuts(notices?.(consult)),
              ],
            }),
          );
        } catch (error) {
          if (createRefusal(error) === 'consult') throw consultRefusals.refuse('consult');
          throw error;
        }
        return consult;
      });
    },

    async update(consult, expectedVersion, notices) {
      const written = await writeWithNotices(
        {
          Put: {
            TableName: table(),
            Item: consult,
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': expectedVersion },
          },
        },
        notices,
      );
      if (!written) throw consultRefusals.refuse('consult');
    },

    listByAccount(accountNumber, { limit, cursor }) {
      return queryPage({
        input: {
          TableName: table(),
          IndexName: 'byAccount',
          KeyConditionExpression: '#account = :account',
          ExpressionAttributeNames: { '#account': 'accountNumber' },
          ExpressionAttributeValues: { ':account': accountNumber },
          ScanIndexForward: false,
        },
        parse: parseConsult,
        keyOf: keyOf('accountNumber'),
        cursorSchema: cursorOf('accountNumber', accountNumber),
        limit,
        cursor,
      });
    },

    async countWaiting(accountNumber, { atMost, requesterId }) {
      const names: Record<string, string> = { '#account': 'accountNumber', '#status': 'status' };
      const values: Record<string, unknown> = { ':account': accountNumber, ':new': 'new' };
      let filter = '#status = :new';
      if (requesterId) {
        names['#requester'] = 'requester';
        names['#userId'] = 'userId';
        values[':me'] = requesterId;
        filter += ' AND #requester.#userId = :me';
      }
      let count = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const page = await documentClient().send(
          new QueryCommand({
            TableName: table(),
            IndexName: 'byAccount',
            KeyConditionExpression: '#account = :account',
            FilterExpression: filter,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ScanIndexForward: false,
            Select: 'COUNT',
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        count += page.Count ?? 0;
        start = page.LastEvaluatedKey;
      } while (start && count < atMost);
      return Math.min(count, atMost);
    },

    listByStatus(status, { limit, cursor }) {
      return queryPage({
        input: {
          TableName: table(),
          IndexName: 'byStatus',
          KeyConditionExpression: '#status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status },
          ScanIndexForward: true,
        },
        parse: parseConsult,
        keyOf: keyOf('status'),
        cursorSchema: cursorOf('status', status),
        limit,
        cursor,
      });
    },
  };
}
