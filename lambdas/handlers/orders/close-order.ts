import { orderRoutes } from '../../../core/routes/orders';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { templateMoneyNotifier } from '../../adapters/template-money-notifier';
import { callerOf, createHandler } from '../../http/create-handler';
import { closeOrderWithInvoice } from '../../use-cases/invoices/issue-invoice';
import { orderDeps } from './order-deps';

const money = dynamoMoneyStore();
const customers = dynamoCustomersRepository();
const moneyNotifier = templateMoneyNotifier();

export const handler = createHandler(orderRoutes.closeOrder, (input, ctx) =>
  closeOrderWithInvoice(callerOf(ctx), input, {
    ...orderDeps(ctx.log),
    money,
    customers,
    moneyNotifier,
    audit: ctx.audit,
  }),
);
