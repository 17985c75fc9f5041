import { cardRoutes } from '../../../core/routes/cards';
import { callerOf, createHandler } from '../../http/create-handler';
import { finishCardSetup } from '../../use-cases/payments/autopay';
import { vaultDeps } from './card-deps';

export const handler = createHandler(cardRoutes.finishCardSetup, (input, ctx) =>
  finishCardSetup(callerOf(ctx), input, vaultDeps(ctx.log)),
);
