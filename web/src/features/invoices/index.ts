/** Pay Online (a practice's invoices and how the payment area plugs in) and the lab's Invoices page. */
export { PayOnline, type PaymentAreaProps } from './components/pay-online';
export { AdminInvoices } from './components/admin-invoices';
