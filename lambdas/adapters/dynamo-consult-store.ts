import {
  ConditionalCheckFailedException,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactionCanceledException,
  TransactWriteCommand,
} from './aws/dynamo-document-client';
import { consultSchema, type Consult } from '../../core/schemas/consult';
import {
  CONSULT_SEQUENCE_COUNTER,
  ConsultWriteRefused,
  formatConsultReference,
  type ConsultStore,
} from '../ports/consult-store';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { pinnedCursorSchema, queryPage } from './dynamo-query-page';

/** How often create takes a fresh sequence value after another request took the one it read. */
const MAX_SEQUENCE_ATTEMPTS = 12;

const backoffMs = (attempt: number) => 10 * 2 ** Math.min(attempt, 5) + Math.floor(Math.random() * 30);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const parseConsult = (item: Record<string, unknown>) => consultSchema.parse(item);

/** A cursor of one index partition: the table key plus that index's keys, the partition pinned. */
const cursorOf = (partition: 'accountNumber' | 'status', value: string) =>
  pinnedCursorSchema(['consultId', partition, 'createdAt'], { [partition]: value });
const keyOf = (partition: 'accountNumber' | 'status') => (item: Record<string, unknown>) => ({
  consultId: String(item['consultId']),
  [partition]: String(item[partition]),
  createdAt: String(item['createdAt']),
});

/** Whether the sequence counter's condition (index 1 of the create transaction) is what failed. */
function createRefusal(error: unknown): 'consult' | 'sequence' | 'contention' | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
  if (codes[0] === 'ConditionalCheckFailed') return 'consult';
  if (codes[1] === 'ConditionalCheckFailed') return 'sequence';
  return 'contention';
}

/**
 * DynamoDB adapter of the ConsultStore port: the consults table and the reference sequence in the counters
 * table. The `ordered` step is written by the orders adapter, in the order's own transaction.
 */
export function dynamoConsultStore(options: { sleep?: (ms: number) => Promise<void> } = {}): ConsultStore {
  requireTables('consults');
  const table = () => tableName('consults');
  const wait = options.sleep ?? sleep;

  const sequenceValue = async () => {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName('counters'),
        Key: { counter: CONSULT_SEQUENCE_COUNTER },
        ConsistentRead: true,
      }),
    );
    return typeof Item?.['value'] === 'number' ? Item['value'] : 0;
  };

  return {
    async get(consultId) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: table(), Key: { consultId }, ConsistentRead: true }),
      );
      return Item ? parseConsult(Item) : null;
    },

    async create(fields) {
      for (let attempt = 0; attempt < MAX_SEQUENCE_ATTEMPTS; attempt++) {
        const expected = await sequenceValue();
        const consult: Consult = { ...fields, reference: formatConsultReference(expected + 1) };
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
                  Update: {
                    TableName: tableName('counters'),
                    Key: { counter: CONSULT_SEQUENCE_COUNTER },
                    UpdateExpression: 'SET #value = :next',
                    ConditionExpression:
                      expected === 0 ? 'attribute_not_exists(#value) OR #value = :expected' : '#value = :expected',
                    ExpressionAttributeNames: { '#value': 'value' },
                    ExpressionAttributeValues: { ':next': expected + 1, ':expected': expected },
                  },
                },
              ],
            }),
          );
          return consult;
        } catch (error) {
          const refusal = createRefusal(error);
          if (refusal === null) throw error;
          if (refusal === 'consult') throw new ConsultWriteRefused('consult');
          // Another request took this reference number (or overlapped): read the sequence again.
          await wait(backoffMs(attempt));
        }
      }
      throw new ConsultWriteRefused('contention');
    },

    async update(consult, expectedVersion) {
      try {
        await documentClient().send(
          new PutCommand({
            TableName: table(),
            Item: consult,
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': expectedVersion },
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw new ConsultWriteRefused('consult');
        throw error;
      }
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
