import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TableName } from '../../core/data/tables';
import { documentClient, tableName } from '../../lambdas/adapters/dynamo-client';

/**
 * Direct reads and writes of table rows for integration tests (arrange and assert), through the same
 * document client the adapters use. Apply the emulators' environment before the first call.
 */
export async function getRow(table: TableName, key: Record<string, string>) {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName(table), Key: key, ConsistentRead: true }),
  );
  return Item;
}

export async function putRow(table: TableName, item: Record<string, unknown>) {
  await documentClient().send(new PutCommand({ TableName: tableName(table), Item: item }));
}

export async function deleteRow(table: TableName, key: Record<string, string>) {
  await documentClient().send(new DeleteCommand({ TableName: tableName(table), Key: key }));
}

/** Items of a GSI partition (e.g. accountRequests byStatus). */
export async function queryIndex(table: TableName, indexName: string, keyName: string, keyValue: string) {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: tableName(table),
      IndexName: indexName,
      KeyConditionExpression: '#k = :v',
      ExpressionAttributeNames: { '#k': keyName },
      ExpressionAttributeValues: { ':v': keyValue },
    }),
  );
  return Items ?? [];
}

/** A customers-table record of an active practice that sees prices, plus what a test needs. */
export function customerRow(accountNumber: string, extra: Record<string, unknown> = {}) {
  return {
    accountNumber,
    company: `Practice ${accountNumber}`,
    phone: '555-0100',
    shippingAddress: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    pricingAllowed: true,
    status: 'active',
    version: 0,
    ...extra,
  };
}

/** A users-table record as sign-up writes it, plus what a test needs. */
export function userRow(user: { userId: string; email: string }, extra: Record<string, unknown> = {}) {
  return {
    userId: user.userId,
    email: user.email,
    firstName: 'Test',
    lastName: 'User',
    accountNumbers: [],
    termsAccepted: true,
    version: 0,
    ...extra,
  };
}
