import { billingRoutes } from '../../../core/routes/billing';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { createHandler } from '../../http/create-handler';
import { releaseCreditHold } from '../../use-cases/billing/credit-hold';

const customers = dynamoCustomersRepository();

export const handler = createHandler(billingRoutes.releaseCreditHold, (input, ctx) =>
  releaseCreditHold(input, { customers, audit: ctx.audit }),
);
