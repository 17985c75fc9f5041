import { consultRoutes } from '../../../core/routes/consults';
import { createHandler } from '../../http/create-handler';
import { submitPublicConsult } from '../../use-cases/consults/submit-public-consult';
import { dynamoConsultStore } from '../../adapters/dynamo-consult-store';
import { dynamoConsultantSettings } from '../../adapters/dynamo-consultant-settings';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { systemClock } from '../../kernel/clock';

// The client address comes from the wrapper (clientIp): CloudFront's viewer address only with the origin secret.
const deps = {
  ...systemClock,
  consults: dynamoConsultStore(),
  settings: dynamoConsultantSettings(),
  limiter: dynamoRateLimiter(),
};

export const handler = createHandler(consultRoutes.submitPublicConsult, (input, ctx) =>
  submitPublicConsult(input, ctx.sourceIp, { ...deps, log: ctx.log }),
);
