import { cardRoutes } from '../../../core/routes/cards';
import { callerOf, createHandler } from '../../http/create-handler';
import { removeCard } from '../../use-cases/payments/autopay';
import { vaultDeps } from './card-deps';

export const handler = createHandler(cardRoutes.removeCard, (input, ctx) =>
  removeCard(callerOf(ctx), input, vaultDeps(ctx.log)),
);
