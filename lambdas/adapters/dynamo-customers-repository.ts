import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { customerRecordSchema } from '../../core/schemas/customer-info';
import type { CustomersRepository } from '../ports/customers-repository';
import { documentClient, tableName } from './dynamo-client';

export function dynamoCustomersRepository(): CustomersRepository {
  return {
    async get(accountNumber) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: tableName('customers'), Key: { accountNumber } }),
      );
      return Item ? customerRecordSchema.parse(Item) : null;
    },
  };
}
