import { lazySchema } from '../../core/schemas/lazy-schema';
import { ConditionalCheckFailedException, GetCommand, PutCommand, QueryCommand } from './aws/dynamo-document-client';
import * as z from '../../core/zod';
import { customerDetailSchema } from '../../core/schemas/customers/customer-admin';
import { invalidArgument } from '../../core/errors';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../paging/page-cursor';
import type { CustomersRepository } from '../ports/customers-repository';
import { writeConflict } from '../ports/write-conflict';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { conditionalUpdate } from './dynamo-conditional-update';
import { companySortKey } from '../search/customer-sort-key';

/** The byStatus index's last key, as a list cursor carries it (checked before it reaches DynamoDB). */
export const listCursorSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: z.string().check(z.minLength(1), z.maxLength(32)),
    status: z.string().check(z.minLength(1), z.maxLength(32)),
    companyKey: z.string().check(z.minLength(1), z.maxLength(400)),
  }),
);

const PROTECTED = new Set(['accountNumber', 'version', 'companyKey', 'userIds']);

export function dynamoCustomersRepository(): CustomersRepository {
  requireTables('customers');
  const get: CustomersRepository['get'] = async (accountNumber) => {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('customers'), Key: { accountNumber }, ConsistentRead: true }),
    );
    return Item ? customerDetailSchema.parse(Item) : null;
  };
  return {
    get,
    async create(record) {
      const now = new Date().toISOString();
      try {
        await documentClient().send(
          new PutCommand({
            TableName: tableName('customers'),
            Item: {
              ...record,
              companyKey: companySortKey(record.company, record.accountNumber),
              version: 0,
              createdAt: now,
              updatedAt: now,
            },
            ConditionExpression: 'attribute_not_exists(accountNumber)',
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw writeConflict('exists');
        throw error;
      }
    },
    async update(accountNumber, changes, expectedVersion) {
      const set: Record<string, unknown> = Object.fromEntries(
        Object.entries(changes.set ?? {}).filter(([k]) => !PROTECTED.has(k)),
      );
      if (typeof set['company'] === 'string') set['companyKey'] = companySortKey(set['company'], accountNumber);
      const stored = await conditionalUpdate({
        table: 'customers',
        key: { accountNumber },
        set,
        remove: (changes.remove ?? []).filter((k) => !PROTECTED.has(k)),
        expectedVersion,
        now: new Date().toISOString(),
      });
      return customerDetailSchema.parse(stored);
    },
    async linkedUserIds(accountNumber) {
      const { Item } = await documentClient().send(
        new GetCommand({
          TableName: tableName('customers'),
          Key: { accountNumber },
          ProjectionExpression: 'userIds',
          ConsistentRead: true,
        }),
      );
      const ids = Item?.['userIds'];
      return ids instanceof Set ? [...(ids as Set<string>)].sort() : [];
    },
    async list({ status, namePrefix, limit, cursor }) {
      const start = cursor ? decodeCursor(cursor, listCursorSchema) : undefined;
      // A cursor from another list (other status or search) would be refused by DynamoDB: refuse it first.
      if (start && (start.status !== status || !start.companyKey.startsWith(namePrefix ?? ''))) {
        throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
      }
      const answer = await documentClient().send(
        new QueryCommand({
          TableName: tableName('customers'),
          IndexName: 'byStatus',
          KeyConditionExpression: namePrefix
            ? '#status = :status AND begins_with(companyKey, :prefix)'
            : '#status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ...(namePrefix ? { ':prefix': namePrefix } : {}) },
          Limit: limit,
          ExclusiveStartKey: start,
        }),
      );
      const items = (answer.Items ?? []).map((item) => customerDetailSchema.parse(item));
      const last = answer.LastEvaluatedKey;
      return { items, nextCursor: last ? encodeCursor(last) : null };
    },
  };
}
