import { invoiceRoutes } from '../../../core/routes/invoices';
import { createHandler } from '../../http/create-handler';
import { listInvoices } from '../../use-cases/invoices/invoices';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, money: dynamoMoneyStore() };

export const handler = createHandler(invoiceRoutes.listInvoices, (input) => listInvoices(input, deps));
