import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { createInvoice } from '../../use-cases/money/invoices';
import { moneyDeps } from './money-deps';

export const handler = createHandler(ROUTES.createInvoice, (input, ctx) =>
  createInvoice(callerOf(ctx), input, { ...moneyDeps(ctx.log), audit: ctx.audit }),
);
