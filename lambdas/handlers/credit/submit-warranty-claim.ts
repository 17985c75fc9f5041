import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { submitWarrantyClaim } from '../../use-cases/credit/submit-warranty-claim';
import { creditDeps } from './credit-deps';

export const handler = createHandler(ROUTES.submitWarrantyClaim, (input, ctx) =>
  submitWarrantyClaim(callerOf(ctx), input, creditDeps(ctx.log)),
);
