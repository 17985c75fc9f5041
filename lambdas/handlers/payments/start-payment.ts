import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { startPayment } from '../../use-cases/money/payments';
import { paymentDeps } from './payment-deps';

export const handler = createHandler(ROUTES.startPayment, async (input, ctx) =>
  startPayment(callerOf(ctx), input, await paymentDeps(ctx.log)),
);
