import { orderRoutes } from '../../../core/routes/orders';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { callerOf, createHandler } from '../../http/create-handler';
import { closeOrderWithInvoice } from '../../use-cases/invoices/issue-invoice';
import { orderDeps } from './order-deps';

const money = dynamoMoneyStore();
const customers = dynamoCustomersRepository();
// The lab's calendar names the day the order shipped (what on time is measured by).
const production = dynamoProductionSettings();

export const handler = createHandler(orderRoutes.closeOrder, (input, ctx) =>
  closeOrderWithInvoice(callerOf(ctx), input, {
    ...orderDeps(ctx.log),
    money,
    customers,
    production,
    audit: ctx.audit,
  }),
);
