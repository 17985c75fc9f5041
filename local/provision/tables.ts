import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { TABLES, tableEnvVar, type KeyDef, type TableDef, type TableName } from '../../core/data/tables';

/** Physical names of the local tables, e.g. `lenslab-local-Users`. */
export function localTableName(table: TableName, prefix: string): string {
  return `${prefix}-${TABLES[table].id}`;
}

/** The TABLE_* variables the handlers read. */
export function tableEnv(prefix: string): Record<string, string> {
  return Object.fromEntries(
    (Object.keys(TABLES) as TableName[]).map((t) => [tableEnvVar(t), localTableName(t, prefix)]),
  );
}

const keySchema = (pk: KeyDef, sk?: KeyDef): KeySchemaElement[] => [
  { AttributeName: pk.name, KeyType: 'HASH' },
  ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
];

/**
 * Creates every table of core/data/tables.ts (the same list the CDK Data construct reads), with its
 * indexes and TTL. Tables that exist already are left as they are, so a restart keeps its data.
 */
export async function provisionTables(client: DynamoDBClient, prefix: string): Promise<void> {
  await Promise.all(
    (Object.keys(TABLES) as TableName[]).map(async (table) => {
      const def: TableDef = TABLES[table];
      const name = localTableName(table, prefix);
      try {
        await client.send(new DescribeTableCommand({ TableName: name }));
        return;
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
      const keys = [def.partitionKey, def.sortKey, ...(def.indexes ?? []).flatMap((i) => [i.partitionKey, i.sortKey])];
      const attributes = new Map(keys.filter((k): k is KeyDef => !!k).map((k) => [k.name, k.type]));
      await client.send(
        new CreateTableCommand({
          TableName: name,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
            AttributeName,
            AttributeType,
          })),
          KeySchema: keySchema(def.partitionKey, def.sortKey),
          GlobalSecondaryIndexes: def.indexes?.length
            ? def.indexes.map((index) => ({
                IndexName: index.indexName,
                KeySchema: keySchema(index.partitionKey, index.sortKey),
                Projection: { ProjectionType: 'ALL' },
              }))
            : undefined,
        }),
      );
      if (def.ttlAttribute) {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: name,
            TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
          }),
        );
      }
    }),
  );
}
