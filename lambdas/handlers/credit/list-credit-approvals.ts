import { creditRoutes } from '../../../core/routes/credit';
import { createHandler } from '../../http/create-handler';
import { listCreditApprovals } from '../../use-cases/credit/credit-approvals';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';

const deps = { money: dynamoMoneyStore() };

export const handler = createHandler(creditRoutes.listCreditApprovals, (input) => listCreditApprovals(input, deps));
