import { invoiceRoutes } from '../../../core/routes/invoices';
import { callerOf, createHandler } from '../../http/create-handler';
import { getInvoicePdfUrl } from '../../use-cases/invoices/document-urls';
import { documentUrlDeps } from './document-url-deps';

const deps = documentUrlDeps();

export const handler = createHandler(invoiceRoutes.getInvoicePdfUrl, (input, ctx) =>
  getInvoicePdfUrl(callerOf(ctx), input, deps),
);
