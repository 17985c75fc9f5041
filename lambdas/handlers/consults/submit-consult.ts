import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { submitConsult } from '../../use-cases/consults/submit-consult';
import { consultDeps } from './consult-deps';

export const handler = createHandler(ROUTES.submitConsult, (input, ctx) =>
  submitConsult(callerOf(ctx), input, consultDeps(ctx)),
);
