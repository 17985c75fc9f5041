import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { submitOrder } from '../../use-cases/submit-order';
import { orderDeps } from './order-deps';

export const handler = createHandler(ROUTES.submitOrder, (input, ctx) =>
  submitOrder(callerOf(ctx), input, orderDeps(ctx.log)),
);
