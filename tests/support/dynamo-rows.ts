import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { TableName } from '../../core/data/tables';
import type { LensDesign } from '../../core/schemas/lenses';
import { tableName } from '../../lambdas/adapters/dynamo-client';
import { LENS_CATALOGUE_PARTITION, lensNameKey } from '../../lambdas/ports/lens-catalogue';
import { documentClientAt } from '../../local/emulators/dynamodb';

let client: DynamoDBDocumentClient | undefined;

/**
 * The SDK's document client on the emulator the environment names. Tests arrange and check rows with it while
 * the adapters use their own client (lambdas/adapters/aws/dynamo-document-client.ts), so every integration test
 * also checks that the two read and write the same items. Apply the emulators' environment before the first call.
 */
export function sdkDocumentClient(): DynamoDBDocumentClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!endpoint) throw new Error("AWS_ENDPOINT_URL_DYNAMODB is not set: apply the emulators' environment first");
  client ??= documentClientAt(endpoint);
  return client;
}

/** Direct reads and writes of table rows for integration tests (arrange and assert). */
export async function getRow(table: TableName, key: Record<string, string>) {
  const { Item } = await sdkDocumentClient().send(
    new GetCommand({ TableName: tableName(table), Key: key, ConsistentRead: true }),
  );
  return Item;
}

export async function putRow(table: TableName, item: Record<string, unknown>) {
  await sdkDocumentClient().send(new PutCommand({ TableName: tableName(table), Item: item }));
}

/**
 * Stores a lens design at version 0 with the index attributes the catalogue adapter writes, so it lists by its
 * name like one the lab saved (a hand-written key would sort it elsewhere).
 */
export async function putLensDesign(design: LensDesign) {
  await putRow('lenses', {
    ...design,
    version: 0,
    catalogue: LENS_CATALOGUE_PARTITION,
    nameKey: lensNameKey(design.name, design.lensId),
  });
}

export async function deleteRow(table: TableName, key: Record<string, string>) {
  await sdkDocumentClient().send(new DeleteCommand({ TableName: tableName(table), Key: key }));
}

/** Items of a GSI partition (e.g. accountRequests byStatus). */
export async function queryIndex(table: TableName, indexName: string, keyName: string, keyValue: string) {
  const { Items } = await sdkDocumentClient().send(
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
