import { creditRoutes } from '../../../core/routes/credit';
import { createHandler } from '../../http/create-handler';
import { listCreditApprovals } from '../../use-cases/credit/credit-approvals';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, money: dynamoMoneyStore() };

export const handler = createHandler(creditRoutes.listCreditApprovals, (input) => listCreditApprovals(input, deps));
