import { invoiceRoutes } from '../../../core/routes/invoices';
import { callerOf, createHandler } from '../../http/create-handler';
import { createInvoice } from '../../use-cases/invoices/invoices';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  money: dynamoMoneyStore(),
  users: dynamoUsersRepository(),
  customers: dynamoCustomersRepository(),
};

export const handler = createHandler(invoiceRoutes.createInvoice, (input, ctx) =>
  createInvoice(callerOf(ctx), input, { ...deps, log: ctx.log, audit: ctx.audit }),
);
