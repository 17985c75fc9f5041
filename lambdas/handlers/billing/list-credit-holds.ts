import { billingRoutes } from '../../../core/routes/billing';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { createHandler } from '../../http/create-handler';
import { listCreditHolds } from '../../use-cases/billing/credit-hold';

const deps = { customers: dynamoCustomersRepository() };

export const handler = createHandler(billingRoutes.listCreditHolds, () => listCreditHolds(deps));
