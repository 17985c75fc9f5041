import { invoiceRoutes } from '../../../core/routes/invoices';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { applyCreditToInvoice } from '../../use-cases/invoices/apply-credit';

const deps = { ...systemClock, money: dynamoMoneyStore(), users: dynamoUsersRepository() };

export const handler = createHandler(invoiceRoutes.applyCreditToInvoice, (input, ctx) =>
  applyCreditToInvoice(callerOf(ctx), input, { ...deps, audit: ctx.audit }),
);
