import { consultRoutes } from '../../../core/routes/consults';
import { callerOf, createHandler } from '../../http/create-handler';
import { submitConsult } from '../../use-cases/consults/submit-consult';
import { dynamoConsultStore } from '../../adapters/dynamo-consult-store';
import { dynamoConsultantSettings } from '../../adapters/dynamo-consultant-settings';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  consults: dynamoConsultStore(),
  settings: dynamoConsultantSettings(),
  orders: dynamoOrdersRepository(),
  users: dynamoUsersRepository(),
  customers: dynamoCustomersRepository(),
};

export const handler = createHandler(consultRoutes.submitConsult, (input, ctx) =>
  submitConsult(callerOf(ctx), input, deps),
);
