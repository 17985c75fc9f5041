import { consultRoutes } from '../../../core/routes/consults';
import { callerOf, createHandler } from '../../http/create-handler';
import { replyToConsult } from '../../use-cases/consults/reply-to-consult';
import { dynamoConsultStore } from '../../adapters/dynamo-consult-store';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  consults: dynamoConsultStore(),
  lenses: dynamoLensCatalogue(),
  users: dynamoUsersRepository(),
};

export const handler = createHandler(consultRoutes.replyToConsult, (input, ctx) =>
  replyToConsult(callerOf(ctx), input, { ...deps, audit: ctx.audit }),
);
