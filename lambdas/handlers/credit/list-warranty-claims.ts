import { ROUTES } from '../../../core/routes';
import { createHandler } from '../../http/create-handler';
import { listWarrantyClaims } from '../../use-cases/credit/list-warranty-claims';
import { creditDeps } from './credit-deps';

export const handler = createHandler(ROUTES.listWarrantyClaims, (input, ctx) =>
  listWarrantyClaims(input, creditDeps(ctx.log)),
);
