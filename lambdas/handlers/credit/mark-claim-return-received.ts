import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { markClaimReturnReceived } from '../../use-cases/credit/mark-claim-return-received';
import { creditDeps } from './credit-deps';

export const handler = createHandler(ROUTES.markClaimReturnReceived, (input, ctx) =>
  markClaimReturnReceived(callerOf(ctx), input, { ...creditDeps(ctx.log), audit: ctx.audit }),
);
