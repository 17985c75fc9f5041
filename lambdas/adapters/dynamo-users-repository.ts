import {
  ConditionalCheckFailedException,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from './aws/dynamo-document-client';
import { userProfileSchema } from '../../core/schemas/users/user-profile';
import type { UsersRepository } from '../ports/users-repository';
import { batchGetItems } from './dynamo-batch-get';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { conditionalUpdate } from './dynamo-conditional-update';
import { writeWithNotices } from './dynamo-write-with-notices';
import { writeConflict } from '../ports/write-conflict';

/** Attributes a partial update may never touch: the key and the lock. */
const PROTECTED = new Set(['userId', 'version']);

export function dynamoUsersRepository(): UsersRepository {
  requireTables('users');
  const get: UsersRepository['get'] = async (userId) => {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }),
    );
    return Item ? userProfileSchema.parse(Item) : null;
  };
  return {
    get,
    async create(profile, notices) {
      const created = await writeWithNotices(
        {
          Put: {
            TableName: tableName('users'),
            Item: { ...profile, createdAt: new Date().toISOString() },
            ConditionExpression: 'attribute_not_exists(userId)',
          },
        },
        notices,
      );
      if (!created) throw writeConflict('exists');
    },
    async recordTermsAcceptance(userId, acceptedAt) {
      try {
        const { Attributes } = await documentClient().send(
          new UpdateCommand({
            TableName: tableName('users'),
            Key: { userId },
            UpdateExpression:
              'SET termsAccepted = :true, termsAcceptedDate = :at, version = if_not_exists(version, :zero) + :one',
            ConditionExpression:
              'attribute_exists(userId) AND (attribute_not_exists(termsAccepted) OR termsAccepted <> :true)',
            ExpressionAttributeValues: { ':true': true, ':at': acceptedAt, ':zero': 0, ':one': 1 },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return userProfileSchema.parse(Attributes);
      } catch (error) {
        // No record, or accepted already (maybe by another tab a moment ago): the stored record tells which.
        if (error instanceof ConditionalCheckFailedException) return get(userId);
        throw error;
      }
    },
    async update(userId, changes, expectedVersion) {
      const set = Object.fromEntries(Object.entries(changes.set ?? {}).filter(([k]) => !PROTECTED.has(k)));
      const remove = (changes.remove ?? []).filter((k) => !PROTECTED.has(k));
      const stored = await conditionalUpdate({
        table: 'users',
        key: { userId },
        set,
        remove,
        expectedVersion,
        now: new Date().toISOString(),
      });
      return userProfileSchema.parse(stored);
    },
    async remove(userId) {
      const { Attributes } = await documentClient().send(
        new DeleteCommand({ TableName: tableName('users'), Key: { userId }, ReturnValues: 'ALL_OLD' }),
      );
      return Attributes ?? null;
    },
    async restore(item) {
      await documentClient()
        .send(
          new PutCommand({
            TableName: tableName('users'),
            Item: item,
            ConditionExpression: 'attribute_not_exists(userId)',
          }),
        )
        .catch((error: unknown) => {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        });
    },
    async batchGet(userIds) {
      const items = await batchGetItems(
        'users',
        userIds.map((userId) => ({ userId })),
      );
      return items.map((item) => userProfileSchema.parse(item));
    },
  };
}
