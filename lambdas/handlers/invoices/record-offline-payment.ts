import { invoiceRoutes } from '../../../core/routes/invoices';
import { callerOf, createHandler } from '../../http/create-handler';
import { recordOfflinePayment } from '../../use-cases/invoices/invoices';
import { dynamoCreditSettings } from '../../adapters/dynamo-credit-settings';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  money: dynamoMoneyStore(),
  users: dynamoUsersRepository(),
  creditSettings: dynamoCreditSettings(),
};

export const handler = createHandler(invoiceRoutes.recordOfflinePayment, (input, ctx) =>
  recordOfflinePayment(callerOf(ctx), input, { ...deps, audit: ctx.audit }),
);
