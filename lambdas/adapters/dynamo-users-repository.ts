import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { userProfileSchema } from '../../core/schemas/user-profile';
import type { UsersRepository } from '../ports/users-repository';
import { documentClient, tableName } from './dynamo-client';

export function dynamoUsersRepository(): UsersRepository {
  return {
    async get(userId) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }),
      );
      return Item ? userProfileSchema.parse(Item) : null;
    },
  };
}
