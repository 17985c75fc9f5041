import { invoiceRoutes } from '../../../core/routes/invoices';
import { callerOf, createHandler } from '../../http/create-handler';
import { listAccountInvoices } from '../../use-cases/invoices/invoices';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, money: dynamoMoneyStore(), users: dynamoUsersRepository() };

export const handler = createHandler(invoiceRoutes.listAccountInvoices, (input, ctx) =>
  listAccountInvoices(callerOf(ctx), input, deps),
);
