import { ROUTES } from '../../../core/routes';
import { createHandler } from '../../http/create-handler';
import { submitPublicConsult } from '../../use-cases/consults/submit-public-consult';
import { consultDeps } from './consult-deps';

// The client address comes from the wrapper (clientIp): CloudFront's viewer address only with the origin secret.
export const handler = createHandler(ROUTES.submitPublicConsult, (input, ctx) =>
  submitPublicConsult(input, ctx.sourceIp, consultDeps(ctx)),
);
