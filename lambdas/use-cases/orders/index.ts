/** What other domains use of orders. */
export { toSummary } from './order-view';
