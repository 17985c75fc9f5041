import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { listAccountInvoices } from '../../use-cases/money/invoices';
import { moneyDeps } from './money-deps';

export const handler = createHandler(ROUTES.listAccountInvoices, (input, ctx) =>
  listAccountInvoices(callerOf(ctx), input, moneyDeps(ctx.log)),
);
