import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { getInvoice } from '../../use-cases/money/invoices';
import { moneyDeps } from './money-deps';

export const handler = createHandler(ROUTES.getInvoice, (input, ctx) =>
  getInvoice(callerOf(ctx), input, moneyDeps(ctx.log)),
);
