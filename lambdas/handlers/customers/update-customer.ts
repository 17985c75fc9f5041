import { customerRoutes } from '../../../core/routes/customers';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoReferenceDataRepository } from '../../adapters/dynamo-reference-data-repository';
import { createHandler } from '../../http/create-handler';
import { updateCustomer } from '../../use-cases/customers/update-customer';

const customers = dynamoCustomersRepository();
const referenceData = dynamoReferenceDataRepository();

export const handler = createHandler(customerRoutes.updateCustomer, (input, ctx) =>
  updateCustomer(input, { customers, referenceData, audit: ctx.audit }),
);
