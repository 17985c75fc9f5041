import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { recordOfflinePayment } from '../../use-cases/money/invoices';
import { moneyDeps } from './money-deps';

export const handler = createHandler(ROUTES.recordOfflinePayment, (input, ctx) =>
  recordOfflinePayment(callerOf(ctx), input, { ...moneyDeps(ctx.log), audit: ctx.audit }),
);
