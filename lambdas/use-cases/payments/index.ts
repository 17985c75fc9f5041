/** What other domains use of payments: a payment the caller may see (an invoice's documents link to it). */
export { loadVisiblePayment } from './payment-access';
