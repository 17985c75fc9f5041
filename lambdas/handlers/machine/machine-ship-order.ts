import { machineRoutes } from '../../../core/routes/machine';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { createHandler, machineCallerOf } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { closeOrderWithInvoice } from '../../use-cases/invoices/issue-invoice';

const customers = dynamoCustomersRepository();
const deps = {
  ...systemClock,
  orders: dynamoOrdersRepository(),
  users: dynamoUsersRepository(),
  customers,
  money: dynamoMoneyStore(),
  // The lab's calendar names the day the order shipped (what on time is measured by).
  production: dynamoProductionSettings(),
};

export const handler = createHandler(machineRoutes.machineShipOrder, (input, ctx) =>
  closeOrderWithInvoice(machineCallerOf(ctx), input, { ...deps, log: ctx.log, audit: ctx.audit }),
);
