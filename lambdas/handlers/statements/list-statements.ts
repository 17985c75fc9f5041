import { statementRoutes } from '../../../core/routes/statements';
import { dynamoStatementStore } from '../../adapters/dynamo-statement-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { listStatements } from '../../use-cases/statements/statement-views';

const deps = { statements: dynamoStatementStore(), users: dynamoUsersRepository() };

export const handler = createHandler(statementRoutes.listStatements, (input, ctx) =>
  listStatements(callerOf(ctx), input, deps),
);
