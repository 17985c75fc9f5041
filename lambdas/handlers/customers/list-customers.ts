import { ROUTES } from '../../../core/routes';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { createHandler } from '../../http/create-handler';
import { listCustomers } from '../../use-cases/list-customers';

const customers = dynamoCustomersRepository();

export const handler = createHandler(ROUTES.listCustomers, (input) => listCustomers(input, customers));
