/** Paying invoices: the payment panel Pay Online shows. */
export { PaymentPanel, type PaymentPanelProps } from './components/payment-panel';
