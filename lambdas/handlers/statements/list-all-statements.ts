import { statementRoutes } from '../../../core/routes/statements';
import { dynamoStatementStore } from '../../adapters/dynamo-statement-store';
import { createHandler } from '../../http/create-handler';
import { listAllStatements } from '../../use-cases/statements/statement-views';

const deps = { statements: dynamoStatementStore() };

export const handler = createHandler(statementRoutes.listAllStatements, (input) => listAllStatements(input, deps));
