import { invoiceRoutes } from '../../../core/routes/invoices';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { s3DocumentStore } from '../../adapters/s3-document-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { getInvoicePdfUrl } from '../../use-cases/invoices/document-urls';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  money: dynamoMoneyStore(),
  users: dynamoUsersRepository(),
  customers: dynamoCustomersRepository(),
  documents: s3DocumentStore(),
};

export const handler = createHandler(invoiceRoutes.getInvoicePdfUrl, (input, ctx) =>
  getInvoicePdfUrl(callerOf(ctx), input, deps),
);
