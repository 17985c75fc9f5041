import { statementRoutes } from '../../../core/routes/statements';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoStatementStore } from '../../adapters/dynamo-statement-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { s3DocumentStore } from '../../adapters/s3-document-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { getStatementPdfUrl } from '../../use-cases/statements/statement-pdf-url';

const deps = {
  ...systemClock,
  statements: dynamoStatementStore(),
  users: dynamoUsersRepository(),
  customers: dynamoCustomersRepository(),
  documents: s3DocumentStore(),
};

export const handler = createHandler(statementRoutes.getStatementPdfUrl, (input, ctx) =>
  getStatementPdfUrl(callerOf(ctx), input, deps),
);
