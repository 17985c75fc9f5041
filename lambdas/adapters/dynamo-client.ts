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
