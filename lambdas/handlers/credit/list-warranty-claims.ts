import { creditRoutes } from '../../../core/routes/credit';
import { createHandler } from '../../http/create-handler';
import { listWarrantyClaims } from '../../use-cases/credit/list-warranty-claims';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, money: dynamoMoneyStore() };

export const handler = createHandler(creditRoutes.listWarrantyClaims, (input) => listWarrantyClaims(input, deps));
