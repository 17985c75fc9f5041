/** Cards on file and autopay: the Cards & autopay routes and the autopay job. */
export { finishCardSetup, getCardsAndAutopay, removeCard, setAutopay, setDefaultCard, startCardSetup } from './cards';
export { runAutopay, type AutopayOutcome, type AutopayRunReport } from './run-autopay';
export { autopayPaymentId } from './autopay-payment-id';
export type { AutopayDeps, CardDeps } from './autopay-deps';
