import { ROUTES } from '../../../core/routes';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoReferenceDataRepository } from '../../adapters/dynamo-reference-data-repository';
import { createHandler } from '../../http/create-handler';
import { createCustomer } from '../../use-cases/create-customer';

const customers = dynamoCustomersRepository();
const referenceData = dynamoReferenceDataRepository();

export const handler = createHandler(ROUTES.createCustomer, (input, ctx) =>
  createCustomer(input, { customers, referenceData, audit: ctx.audit }),
);
