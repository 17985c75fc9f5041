import { paymentRoutes } from '../../../core/routes/payments';
import { callerOf, createHandler } from '../../http/create-handler';
import { confirmPayment } from '../../use-cases/payments/payments';
import { paymentDeps } from './payment-deps';

export const handler = createHandler(paymentRoutes.confirmPayment, async (input, ctx) =>
  confirmPayment(callerOf(ctx), input, await paymentDeps(ctx.log)),
);
