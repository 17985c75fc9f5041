import { tableEnvVar, type TableName } from '../../core/data/tables';
import { requireEnv } from '../env';
import { DynamoDocumentClient } from './aws/dynamo-document-client';

const client = new DynamoDocumentClient();

/**
 * The document client every DynamoDB adapter sends its commands through (aws/dynamo-document-client.ts). The
 * endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set (DynamoDB Local, LocalStack), otherwise the regional
 * one; timeouts and retries: aws-client-options.ts.
 */
export function documentClient(): DynamoDocumentClient {
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
