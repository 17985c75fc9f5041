import { ConditionalCheckFailedException, DeleteCommand, GetCommand, PutCommand } from './aws/dynamo-document-client';
import { userActivitySchema } from '../../core/schemas/activity';
import type { ActivityRepository } from '../ports/activity-repository';
import { batchGetItems } from './dynamo-batch-get';
import { documentClient, requireTables, tableName } from './dynamo-client';

/**
 * The userActivity table. The throttle and the "never backwards" rule are conditions of the write itself,
 * so two tabs (or two Lambdas) writing at once cannot both pass them.
 */
export function dynamoActivityRepository(): ActivityRepository {
  requireTables('userActivity');
  return {
    async get(userId) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: tableName('userActivity'), Key: { userId }, ConsistentRead: true }),
      );
      return Item ? userActivitySchema.parse(Item) : null;
    },
    async save(record, { syncedNoLaterThan }) {
      const fresh = 'attribute_not_exists(userId)';
      const notBackwards = 'lastActivity <= :lastActivity';
      const condition =
        syncedNoLaterThan === null
          ? `${fresh} OR ${notBackwards}`
          : `${fresh} OR (${notBackwards} AND lastSync <= :syncedNoLaterThan)`;
      try {
        await documentClient().send(
          new PutCommand({
            TableName: tableName('userActivity'),
            Item: record,
            ConditionExpression: condition,
            ExpressionAttributeValues: {
              ':lastActivity': record.lastActivity,
              ...(syncedNoLaterThan === null ? {} : { ':syncedNoLaterThan': syncedNoLaterThan }),
            },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    async lastActivities(userIds) {
      const items = await batchGetItems(
        'userActivity',
        userIds.map((userId) => ({ userId })),
        ['userId', 'lastActivity'],
      );
      const out = new Map<string, number>();
      for (const item of items) {
        if (typeof item['userId'] === 'string' && typeof item['lastActivity'] === 'number')
          out.set(item['userId'], item['lastActivity']);
      }
      return out;
    },
    async delete(userId) {
      await documentClient().send(new DeleteCommand({ TableName: tableName('userActivity'), Key: { userId } }));
    },
  };
}
