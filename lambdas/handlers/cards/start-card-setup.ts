import { cardRoutes } from '../../../core/routes/cards';
import { callerOf, createHandler } from '../../http/create-handler';
import { startCardSetup } from '../../use-cases/payments/autopay';
import { vaultDeps } from './card-deps';

export const handler = createHandler(cardRoutes.startCardSetup, (input, ctx) =>
  startCardSetup(callerOf(ctx), input, vaultDeps(ctx.log)),
);
