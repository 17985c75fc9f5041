import { ROUTES } from '../../../core/routes';
import { createHandler } from '../../http/create-handler';
import { linkConsultToAccount } from '../../use-cases/consults/link-consult-to-account';
import { consultDeps } from './consult-deps';

export const handler = createHandler(ROUTES.linkConsultToAccount, (input, ctx) =>
  linkConsultToAccount(input, consultDeps(ctx)),
);
