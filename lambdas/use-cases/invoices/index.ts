/** What other domains use of invoices: the deps a payment shares, totals on a view, and the one not-found answer. */
export { INVOICE_NOT_FOUND } from './invoice-access';
export { withTotals } from './invoice-views';
export { documentUrl, type DocumentUrl } from './document-urls';
export type { InvoiceDeps } from './invoice-deps';
