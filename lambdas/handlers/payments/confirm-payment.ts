import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { confirmPayment } from '../../use-cases/money/payments';
import { paymentDeps } from './payment-deps';

export const handler = createHandler(ROUTES.confirmPayment, async (input, ctx) =>
  confirmPayment(callerOf(ctx), input, await paymentDeps(ctx.log)),
);
