import { defineRoutes } from '../define-routes';
import { ADMIN, BILLING, CUSTOMER_OR_ADMIN } from './access-groups';
import {
  createInvoiceInputSchema,
  customerInvoiceSchema,
  documentUrlOutputSchema,
  getInvoiceInputSchema,
  invoiceListOutputSchema,
  invoicePageSchema,
  invoiceSchema,
  listAccountInvoicesInputSchema,
  listInvoicesInputSchema,
  recordOfflinePaymentInputSchema,
  voidInvoiceInputSchema,
} from '../schemas/invoices';
import { applyCreditToInvoiceInputSchema } from '../schemas/credit';

/** Invoices (spec 7 GET auth/invoice/{invoiceNumber}/{accountNumber}; Pay Online; the lab's Invoices). */
export const invoiceRoutes = defineRoutes('invoices', {
  getInvoice: {
    input: getInvoiceInputSchema,
    output: customerInvoiceSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    customerApi: true,
    resources: { tables: { invoices: 'read', users: 'read' } },
  },
  listAccountInvoices: {
    input: listAccountInvoicesInputSchema,
    output: invoiceListOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    resources: { tables: { invoices: 'read', users: 'read' } },
  },
  getInvoicePdfUrl: {
    input: getInvoiceInputSchema,
    output: documentUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    // customers: the practice's name and billing address printed on the PDF.
    resources: {
      tables: { invoices: 'read', users: 'read', customers: 'read' },
      documents: 'readWrite',
    },
  },
  listInvoices: {
    input: listInvoicesInputSchema,
    output: invoicePageSchema,
    access: ADMIN,
    resources: { tables: { invoices: 'read' } },
  },
  createInvoice: {
    input: createInvoiceInputSchema,
    output: invoiceSchema,
    access: ADMIN,
    // customers: the practice's payment terms; outbox: the invoice email, stored with the invoice.
    resources: { tables: { invoices: 'readWrite', customers: 'read', users: 'read', outbox: 'write' } },
  },
  voidInvoice: {
    input: voidInvoiceInputSchema,
    output: invoiceSchema,
    access: BILLING,
    resources: { tables: { invoices: 'readWrite', users: 'read' } },
  },
  recordOfflinePayment: {
    input: recordOfflinePaymentInputSchema,
    output: invoiceSchema,
    access: BILLING,
    // creditLedger: a cheque larger than the balance leaves the rest as account credit; referenceData: the
    // threshold above which that credit waits for a second super admin.
    resources: { tables: { invoices: 'readWrite', creditLedger: 'readWrite', users: 'read', referenceData: 'read' } },
  },
  /** The billing desk spends an account's lens credit on one of its invoices. */
  applyCreditToInvoice: {
    input: applyCreditToInvoiceInputSchema,
    output: invoiceSchema,
    access: BILLING,
    resources: { tables: { invoices: 'readWrite', creditLedger: 'readWrite', users: 'read' } },
  },
});
