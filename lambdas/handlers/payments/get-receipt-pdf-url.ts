import { paymentRoutes } from '../../../core/routes/payments';
import { callerOf, createHandler } from '../../http/create-handler';
import { getReceiptPdfUrl } from '../../use-cases/invoices/document-urls';
import { documentUrlDeps } from '../invoices/document-url-deps';

const deps = documentUrlDeps();

export const handler = createHandler(paymentRoutes.getReceiptPdfUrl, (input, ctx) =>
  getReceiptPdfUrl(callerOf(ctx), input, deps),
);
