import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { getCreditSummary } from '../../use-cases/credit/get-credit-summary';
import { creditDeps } from './credit-deps';

export const handler = createHandler(ROUTES.getCreditSummary, (input, ctx) =>
  getCreditSummary(callerOf(ctx), input, creditDeps(ctx.log)),
);
