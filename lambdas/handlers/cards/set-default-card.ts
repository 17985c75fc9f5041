import { cardRoutes } from '../../../core/routes/cards';
import { callerOf, createHandler } from '../../http/create-handler';
import { setDefaultCard } from '../../use-cases/payments/autopay';
import { cardDeps } from './card-deps';

export const handler = createHandler(cardRoutes.setDefaultCard, (input, ctx) =>
  setDefaultCard(callerOf(ctx), input, cardDeps(ctx.log)),
);
