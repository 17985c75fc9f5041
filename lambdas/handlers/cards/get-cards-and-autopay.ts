import { cardRoutes } from '../../../core/routes/cards';
import { callerOf, createHandler } from '../../http/create-handler';
import { getCardsAndAutopay } from '../../use-cases/payments/autopay';
import { cardDeps } from './card-deps';

export const handler = createHandler(cardRoutes.getCardsAndAutopay, (input, ctx) =>
  getCardsAndAutopay(callerOf(ctx), input, cardDeps(ctx.log)),
);
