export { PaymentPanel, type PaymentPanelProps } from './components/payment-panel';
