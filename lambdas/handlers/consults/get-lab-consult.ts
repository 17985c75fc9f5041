import { ROUTES } from '../../../core/routes';
import { createHandler } from '../../http/create-handler';
import { getLabConsult } from '../../use-cases/consults/lab-consults';
import { consultDeps } from './consult-deps';

export const handler = createHandler(ROUTES.getLabConsult, (input, ctx) => getLabConsult(input, consultDeps(ctx)));
