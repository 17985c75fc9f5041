import { ROUTES } from '../../../core/routes';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { getCustomerInfo } from '../../use-cases/get-customer-info';

const users = dynamoUsersRepository();
const customers = dynamoCustomersRepository();

export const handler = createHandler(ROUTES.getCustomerInfo, (input, ctx) =>
  getCustomerInfo(callerOf(ctx), input, { users, customers }),
);
