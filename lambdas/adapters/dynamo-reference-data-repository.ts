import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REFERENCE_LISTS } from '../../core/data/tables';
import { buyingGroupSchema } from '../../core/schemas/buying-group';
import type { ReferenceDataRepository } from '../ports/reference-data-repository';
import { documentClient, tableName } from './dynamo-client';

/** Reference lists live one list per partition, so reading one is a single Query (no Scan). */

export function dynamoReferenceDataRepository(): ReferenceDataRepository {
  return {
    async listBuyingGroups() {
      const items: unknown[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await documentClient().send(
          new QueryCommand({
            TableName: tableName('referenceData'),
            KeyConditionExpression: '#list = :list',
            ExpressionAttributeNames: { '#list': 'list' },
            ExpressionAttributeValues: { ':list': REFERENCE_LISTS.buyingGroups },
            ExclusiveStartKey: startKey,
          }),
        );
        items.push(...(page.Items ?? []));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return items.map((item) => buyingGroupSchema.parse(item)).sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
