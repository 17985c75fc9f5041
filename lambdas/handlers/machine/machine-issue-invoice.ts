import { machineRoutes } from '../../../core/routes/machine';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { createHandler, machineCallerOf } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { createInvoice } from '../../use-cases/invoices/invoices';

const deps = {
  ...systemClock,
  money: dynamoMoneyStore(),
  users: dynamoUsersRepository(),
  customers: dynamoCustomersRepository(),
};

export const handler = createHandler(machineRoutes.machineIssueInvoice, (input, ctx) =>
  createInvoice(machineCallerOf(ctx), input, { ...deps, log: ctx.log, audit: ctx.audit }),
);
