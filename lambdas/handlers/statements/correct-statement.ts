import { statementRoutes } from '../../../core/routes/statements';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { dynamoStatementStore } from '../../adapters/dynamo-statement-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { createLogger } from '../../http/logger';
import { systemClock } from '../../kernel/clock';
import { correctStatementFor } from '../../use-cases/statements/statement-views';

const deps = {
  ...systemClock,
  statements: dynamoStatementStore(),
  money: dynamoMoneyStore(),
  customers: dynamoCustomersRepository(),
  production: dynamoProductionSettings(),
  users: dynamoUsersRepository(),
  log: createLogger({ route: 'correctStatement' }),
};

export const handler = createHandler(statementRoutes.correctStatement, (input, ctx) =>
  correctStatementFor(callerOf(ctx), input, deps),
);
