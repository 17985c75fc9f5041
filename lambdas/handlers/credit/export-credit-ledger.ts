import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { exportCreditLedger } from '../../use-cases/credit/export-credit-ledger';
import { creditDeps } from './credit-deps';

export const handler = createHandler(ROUTES.exportCreditLedger, (input, ctx) =>
  exportCreditLedger(callerOf(ctx), input, creditDeps(ctx.log)),
);
