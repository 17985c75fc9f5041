import { ConditionalCheckFailedException, PutCommand, QueryCommand } from './aws/dynamo-document-client';
import { REFERENCE_LISTS } from '../../core/data/tables';
import { buyingGroupSchema } from '../../core/schemas/customers/buying-group';
import type { ReferenceDataRepository } from '../ports/reference-data-repository';
import { writeConflict } from '../ports/write-conflict';
import { conditionalUpdate } from './dynamo-conditional-update';
import { documentClient, requireTables, tableName } from './dynamo-client';

const groupKey = (buyingGroupId: string) => ({ list: REFERENCE_LISTS.buyingGroups, id: buyingGroupId });

/** Reference lists live one list per partition, so reading one is a single Query (no Scan). */

export function dynamoReferenceDataRepository(): ReferenceDataRepository {
  requireTables('referenceData');
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

    async createBuyingGroup({ buyingGroupId, name }) {
      const now = new Date().toISOString();
      const group = { buyingGroupId, name, active: true, version: 0 };
      try {
        await documentClient().send(
          new PutCommand({
            TableName: tableName('referenceData'),
            Item: { ...groupKey(buyingGroupId), ...group, createdAt: now, updatedAt: now },
            ConditionExpression: 'attribute_not_exists(id)',
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw writeConflict('exists');
        throw error;
      }
      return group;
    },

    async updateBuyingGroup(buyingGroupId, changes, expectedVersion) {
      const stored = await conditionalUpdate({
        table: 'referenceData',
        key: groupKey(buyingGroupId),
        set: Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
        remove: [],
        expectedVersion,
        now: new Date().toISOString(),
      });
      return buyingGroupSchema.parse(stored);
    },
  };
}
