import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { userProfileSchema } from '../../core/schemas/user-profile';
import type { UsersRepository } from '../ports/users-repository';
import { documentClient, tableName } from './dynamo-client';

export function dynamoUsersRepository(): UsersRepository {
  const get: UsersRepository['get'] = async (userId) => {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }),
    );
    return Item ? userProfileSchema.parse(Item) : null;
  };
  return {
    get,
    async create(profile) {
      await documentClient().send(
        new PutCommand({
          TableName: tableName('users'),
          Item: { ...profile, createdAt: new Date().toISOString() },
          ConditionExpression: 'attribute_not_exists(userId)',
        }),
      );
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
  };
}
