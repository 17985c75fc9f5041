import { ROUTES } from '../../../core/routes';
import { createHandler } from '../../http/create-handler';
import { listInvoices } from '../../use-cases/money/invoices';
import { moneyDeps } from './money-deps';

export const handler = createHandler(ROUTES.listInvoices, (input, ctx) => listInvoices(input, moneyDeps(ctx.log)));
