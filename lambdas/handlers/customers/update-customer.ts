import { ROUTES } from '../../../core/routes';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoReferenceDataRepository } from '../../adapters/dynamo-reference-data-repository';
import { createHandler } from '../../http/create-handler';
import { updateCustomer } from '../../use-cases/update-customer';

const customers = dynamoCustomersRepository();
const referenceData = dynamoReferenceDataRepository();

export const handler = createHandler(ROUTES.updateCustomer, (input, ctx) =>
  updateCustomer(input, { customers, referenceData, audit: ctx.audit }),
);
