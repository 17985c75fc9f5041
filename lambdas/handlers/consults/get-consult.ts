import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { getConsult } from '../../use-cases/consults/practice-consults';
import { consultDeps } from './consult-deps';

export const handler = createHandler(ROUTES.getConsult, (input, ctx) =>
  getConsult(callerOf(ctx), input, consultDeps(ctx)),
);
