import { ROUTES } from '../../../core/routes';
import { createHandler } from '../../http/create-handler';
import { listConsults } from '../../use-cases/consults/lab-consults';
import { consultDeps } from './consult-deps';

export const handler = createHandler(ROUTES.listConsults, (input, ctx) => listConsults(input, consultDeps(ctx)));
