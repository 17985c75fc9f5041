import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableEnvVar, type TableName } from '../../core/data/tables';
import { requireEnv } from '../env';
import { awsClientOptions } from './aws-client-options';

let client: DynamoDBDocumentClient | undefined;

/**
 * One document client per Lambda container. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set
 * (DynamoDB Local, LocalStack), otherwise the SDK's regional default. Timeouts and retries: aws-client-options.ts.
 */
export function documentClient(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient(awsClientOptions()), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}

/** Physical table name, injected by the CDK stack or the local stack. */
export function tableName(table: TableName): string {
  return requireEnv(tableEnvVar(table));
}

/**
 * Called when an adapter is made: the tables it is for must be in the function's environment. A handler that
 * builds an adapter for a table its route does not declare (core/function-resources.ts) then fails at cold
 * start rather than on some later request, and the test that loads every handler with only its own
 * environment (tests/integration/handler-resources.test.ts) catches it before a deploy.
 */
export function requireTables(...tables: TableName[]): void {
  for (const table of tables) tableName(table);
}
