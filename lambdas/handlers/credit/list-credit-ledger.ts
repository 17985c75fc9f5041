import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { listCreditLedger } from '../../use-cases/credit/list-credit-ledger';
import { creditDeps } from './credit-deps';

export const handler = createHandler(ROUTES.listCreditLedger, (input, ctx) =>
  listCreditLedger(callerOf(ctx), input, creditDeps(ctx.log)),
);
