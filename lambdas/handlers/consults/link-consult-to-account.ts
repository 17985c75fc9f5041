import { consultRoutes } from '../../../core/routes/consults';
import { createHandler } from '../../http/create-handler';
import { linkConsultToAccount } from '../../use-cases/consults/link-consult-to-account';
import { dynamoConsultStore } from '../../adapters/dynamo-consult-store';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, consults: dynamoConsultStore(), customers: dynamoCustomersRepository() };

export const handler = createHandler(consultRoutes.linkConsultToAccount, (input, ctx) =>
  linkConsultToAccount(input, { ...deps, audit: ctx.audit }),
);
