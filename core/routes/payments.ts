import { defineRoutes } from '../define-routes';
import { webhookInputSchema, webhookOutputSchema } from '../schemas/webhooks';
import { BILLING, CUSTOMER, CUSTOMER_OR_ADMIN } from './access-groups';
import { documentUrlOutputSchema } from '../schemas/invoices';
import {
  paymentIdInputSchema,
  paymentViewSchema,
  refundPaymentInputSchema,
  refundPaymentOutputSchema,
  startPaymentInputSchema,
} from '../schemas/payments';

/**
 * What every money route that settles a payment touches: one transaction over the first three tables and the
 * outbox (the receipt or the declined card's email, which deliverNotices sends).
 */
const SETTLEMENT_TABLES = {
  invoices: 'readWrite',
  payments: 'readWrite',
  creditLedger: 'readWrite',
  outbox: 'write',
  users: 'read',
  tokens: 'read',
  // The lab's credit threshold: a card overpayment above it waits for a second super admin.
  referenceData: 'read',
} as const;

/** Pay Online: one payment id from the browser, credit first, the card (gateway) for the rest. */
export const paymentRoutes = defineRoutes('payments', {
  startPayment: {
    input: startPaymentInputSchema,
    output: paymentViewSchema,
    access: CUSTOMER,
    practice: 'money',
    resources: { tables: SETTLEMENT_TABLES, paymentGateway: true },
  },
  confirmPayment: {
    input: paymentIdInputSchema,
    output: paymentViewSchema,
    access: CUSTOMER,
    practice: 'money',
    resources: { tables: SETTLEMENT_TABLES, paymentGateway: true },
  },
  getReceiptPdfUrl: {
    input: paymentIdInputSchema,
    output: documentUrlOutputSchema,
    access: CUSTOMER_OR_ADMIN,
    practice: 'money',
    // invoices: the receipt lists what the payment applied to each invoice (their settlements).
    resources: {
      tables: { payments: 'read', invoices: 'read', users: 'read', customers: 'read' },
      documents: 'readWrite',
    },
  },
  /** The card gateway's signed events (Stripe webhooks): settles a payment the browser never came back for. */
  paymentWebhook: {
    kind: 'webhook',
    input: webhookInputSchema,
    output: webhookOutputSchema,
    access: 'public',
    resources: { tables: SETTLEMENT_TABLES, paymentGateway: true },
    rateLimit: 50,
  },
  /**
   * The billing desk pays back part or all of a card payment on one invoice (the gateway refunds; the invoice
   * is owed that much again; the payer gets a refund receipt through the outbox).
   */
  refundPayment: {
    input: refundPaymentInputSchema,
    output: refundPaymentOutputSchema,
    access: BILLING,
    resources: {
      tables: { payments: 'readWrite', invoices: 'readWrite', outbox: 'write', users: 'read' },
      paymentGateway: true,
    },
  },
});
