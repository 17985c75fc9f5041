/** What other domains use of orders: the summary view, the one not-found answer and the status change invoicing drives. */
export { toSummary, ORDER_NOT_FOUND } from './order-view';
export { changeOrderStatus, type IssuedInvoice, type StatusChangeDeps } from './change-order-status';
