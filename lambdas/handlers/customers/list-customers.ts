import { customerRoutes } from '../../../core/routes/customers';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { createHandler } from '../../http/create-handler';
import { listCustomers } from '../../use-cases/customers/list-customers';

const customers = dynamoCustomersRepository();

export const handler = createHandler(customerRoutes.listCustomers, (input) => listCustomers(input, customers));
