import { orderRoutes } from '../../../core/routes/orders';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { closeOrderWithInvoice } from '../../use-cases/invoices/issue-invoice';
import { orderDeps } from './order-deps';

const money = dynamoMoneyStore();
const customers = dynamoCustomersRepository();

export const handler = createHandler(orderRoutes.closeOrder, (input, ctx) =>
  closeOrderWithInvoice(callerOf(ctx), input, {
    ...orderDeps(ctx.log),
    money,
    customers,
    audit: ctx.audit,
  }),
);
