import {
  GetCommand,
  QueryCommand,
  TransactionCanceledException,
  TransactWriteCommand,
} from './aws/dynamo-document-client';
import { statementSchema, type Statement } from '../../core/schemas/statements';
import { statementSortKey, type StatementStore } from '../ports/statement-store';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { outboxPuts } from './dynamo-outbox-items';
import { pinnedCursorSchema, queryPage } from './dynamo-query-page';

const parse = (item: Record<string, unknown>): Statement => statementSchema.parse(item);

async function newestFirst(accountNumber: string, condition: string, values: Record<string, string>) {
  const answer = await documentClient().send(
    new QueryCommand({
      TableName: tableName('statements'),
      KeyConditionExpression: `accountNumber = :account AND ${condition}`,
      ExpressionAttributeValues: { ':account': accountNumber, ...values },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  const item = answer.Items?.[0];
  return item ? parse(item) : null;
}

/** Statements in the `statements` table (core/data/tables.ts), each version put only if absent. */
export function dynamoStatementStore(): StatementStore {
  requireTables('statements');
  return {
    async issue(statement, notices) {
      const sk = statementSortKey(statement.month, statement.version);
      try {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName('statements'),
                  Item: { ...statement, sk, accountKey: `${statement.accountNumber}#${sk.slice(8)}` },
                  ConditionExpression: 'attribute_not_exists(sk)',
                },
              },
              ...outboxPuts(notices),
            ],
          }),
        );
        return true;
      } catch (error) {
        if (
          error instanceof TransactionCanceledException &&
          error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
        )
          return false;
        throw error;
      }
    },

    async get(accountNumber, month, version) {
      const answer = await documentClient().send(
        new GetCommand({
          TableName: tableName('statements'),
          Key: { accountNumber, sk: statementSortKey(month, version) },
          ConsistentRead: true,
        }),
      );
      return answer.Item ? parse(answer.Item) : null;
    },

    latest(accountNumber, month) {
      return newestFirst(accountNumber, 'begins_with(sk, :month)', { ':month': `${month}#` });
    },

    previous(accountNumber, month) {
      return newestFirst(accountNumber, 'sk < :month', { ':month': `${month}#` });
    },

    listAccount(accountNumber, limit, cursor) {
      return queryPage({
        input: {
          TableName: tableName('statements'),
          KeyConditionExpression: 'accountNumber = :account',
          ExpressionAttributeValues: { ':account': accountNumber },
          ScanIndexForward: false,
        },
        parse,
        keyOf: (item) => ({ accountNumber: String(item.accountNumber), sk: String(item.sk) }),
        cursorSchema: pinnedCursorSchema(['accountNumber', 'sk'], { accountNumber }),
        limit,
        cursor,
      });
    },

    listMonth(month, limit, cursor) {
      return queryPage({
        input: {
          TableName: tableName('statements'),
          IndexName: 'byMonth',
          KeyConditionExpression: '#month = :month',
          ExpressionAttributeNames: { '#month': 'month' },
          ExpressionAttributeValues: { ':month': month },
        },
        parse,
        keyOf: (item) => ({
          accountNumber: String(item.accountNumber),
          sk: String(item.sk),
          month: String(item.month),
          accountKey: String(item.accountKey),
        }),
        cursorSchema: pinnedCursorSchema(['accountNumber', 'sk', 'month', 'accountKey'], { month }),
        limit,
        cursor,
      });
    },
  };
}
