import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { replyToConsult } from '../../use-cases/consults/reply-to-consult';
import { consultDeps } from './consult-deps';

export const handler = createHandler(ROUTES.replyToConsult, (input, ctx) =>
  replyToConsult(callerOf(ctx), input, consultDeps(ctx)),
);
