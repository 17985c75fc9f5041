import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { listAccountConsults } from '../../use-cases/consults/practice-consults';
import { consultDeps } from './consult-deps';

export const handler = createHandler(ROUTES.listAccountConsults, (input, ctx) =>
  listAccountConsults(callerOf(ctx), input, consultDeps(ctx)),
);
