import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { updateConsultantSettings } from '../../use-cases/consults/consultant-setup';
import { consultDeps } from './consult-deps';

export const handler = createHandler(ROUTES.updateConsultantSettings, (input, ctx) =>
  updateConsultantSettings(callerOf(ctx), input, consultDeps(ctx)),
);
