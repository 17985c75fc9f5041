import { paymentRoutes } from '../../../core/routes/payments';
import { callerOf, createHandler } from '../../http/create-handler';
import { startPayment } from '../../use-cases/payments/payments';
import { paymentDeps } from './payment-deps';

export const handler = createHandler(paymentRoutes.startPayment, async (input, ctx) =>
  startPayment(callerOf(ctx), input, await paymentDeps(ctx.log)),
);
