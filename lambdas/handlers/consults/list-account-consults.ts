import { consultRoutes } from '../../../core/routes/consults';
import { callerOf, createHandler } from '../../http/create-handler';
import { listAccountConsults } from '../../use-cases/consults/practice-consults';
import { dynamoConsultStore } from '../../adapters/dynamo-consult-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, consults: dynamoConsultStore(), users: dynamoUsersRepository() };

export const handler = createHandler(consultRoutes.listAccountConsults, (input, ctx) =>
  listAccountConsults(callerOf(ctx), input, deps),
);
