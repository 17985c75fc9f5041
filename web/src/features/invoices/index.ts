export { PayOnline, type PaymentAreaProps } from './components/pay-online';
export { AdminInvoices } from './components/admin-invoices';
