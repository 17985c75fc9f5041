import { cardRoutes } from '../../../core/routes/cards';
import { callerOf, createHandler } from '../../http/create-handler';
import { setAutopay } from '../../use-cases/payments/autopay';
import { cardDeps } from './card-deps';

export const handler = createHandler(cardRoutes.setAutopay, (input, ctx) =>
  setAutopay(callerOf(ctx), input, cardDeps(ctx.log)),
);
