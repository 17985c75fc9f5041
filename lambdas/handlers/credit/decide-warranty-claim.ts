import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { decideWarrantyClaim } from '../../use-cases/credit/decide-warranty-claim';
import { creditDeps } from './credit-deps';

export const handler = createHandler(ROUTES.decideWarrantyClaim, (input, ctx) =>
  decideWarrantyClaim(callerOf(ctx), input, { ...creditDeps(ctx.log), audit: ctx.audit }),
);
