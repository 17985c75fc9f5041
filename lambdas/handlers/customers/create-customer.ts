import { customerRoutes } from '../../../core/routes/customers';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoReferenceDataRepository } from '../../adapters/dynamo-reference-data-repository';
import { createHandler } from '../../http/create-handler';
import { createCustomer } from '../../use-cases/customers/create-customer';

const customers = dynamoCustomersRepository();
const referenceData = dynamoReferenceDataRepository();

export const handler = createHandler(customerRoutes.createCustomer, (input, ctx) =>
  createCustomer(input, { customers, referenceData, audit: ctx.audit }),
);
