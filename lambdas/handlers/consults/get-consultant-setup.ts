import { ROUTES } from '../../../core/routes';
import { createHandler } from '../../http/create-handler';
import { getConsultantSetup } from '../../use-cases/consults/consultant-setup';
import { consultDeps } from './consult-deps';

export const handler = createHandler(ROUTES.getConsultantSetup, (_input, ctx) =>
  getConsultantSetup(ctx.identity, consultDeps(ctx)),
);
