import { consultRoutes } from '../../../core/routes/consults';
import { callerOf, createHandler } from '../../http/create-handler';
import { replyToConsult } from '../../use-cases/consults/reply-to-consult';
import { dynamoConsultStore } from '../../adapters/dynamo-consult-store';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { templateConsultNotifier } from '../../adapters/template-consult-notifier';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  consults: dynamoConsultStore(),
  lenses: dynamoLensCatalogue(),
  users: dynamoUsersRepository(),
  notifier: templateConsultNotifier(),
};

export const handler = createHandler(consultRoutes.replyToConsult, (input, ctx) =>
  replyToConsult(callerOf(ctx), input, { ...deps, log: ctx.log, audit: ctx.audit }),
);
