import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { voidInvoice } from '../../use-cases/money/invoices';
import { moneyDeps } from './money-deps';

export const handler = createHandler(ROUTES.voidInvoice, (input, ctx) =>
  voidInvoice(callerOf(ctx), input, { ...moneyDeps(ctx.log), audit: ctx.audit }),
);
