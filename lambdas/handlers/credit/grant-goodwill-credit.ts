import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { grantGoodwillCredit } from '../../use-cases/credit/grant-goodwill-credit';
import { creditDeps } from './credit-deps';

export const handler = createHandler(ROUTES.grantGoodwillCredit, (input, ctx) =>
  grantGoodwillCredit(callerOf(ctx), input, { ...creditDeps(ctx.log), audit: ctx.audit }),
);
