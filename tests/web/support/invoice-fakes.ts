import type { CustomerInvoice, InvoiceSummary } from '../../../core/schemas/invoices';
import type { PaymentView } from '../../../core/schemas/payments';

/** Invoices and payments as Pay Online and the lab's Invoices page receive them (web tests). */

export const INVOICE_ORDER_ID = '0b1e2f3a-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

export function aSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    invoiceNumber: 'INV-1',
    accountNumber: 'LL-1001',
    orderIds: [INVOICE_ORDER_ID],
    totalCents: 12_000,
    paidCents: 0,
    creditedCents: 0,
    balanceCents: 12_000,
    status: 'open',
    issuedAt: '2025-03-01T10:00:00.000Z',
    dueDate: '2025-03-31',
    version: 2,
    overdue: false,
    orderNumbers: ['LL-000042'],
    patients: ['Jordan Reyes'],
    ...overrides,
  };
}

export function anInvoice(overrides: Partial<CustomerInvoice> = {}): CustomerInvoice {
  return {
    invoiceNumber: 'INV-1',
    accountNumber: 'LL-1001',
    orderIds: [INVOICE_ORDER_ID],
    lines: [
      {
        description: 'Scleral 16.0 (OD)',
        quantity: 1,
        unitCents: 11_150,
        amountCents: 11_150,
        orderId: INVOICE_ORDER_ID,
        orderNumber: 'LL-000042',
        patient: 'Jordan Reyes',
        eye: 'OD',
        lensId: 'scleral-16',
      },
    ],
    subtotalCents: 11_150,
    shippingCents: 850,
    taxCents: 0,
    totalCents: 12_000,
    paidCents: 2_000,
    creditedCents: 1_000,
    balanceCents: 9_000,
    status: 'partially-paid',
    issuedAt: '2025-03-01T10:00:00.000Z',
    dueDate: '2025-03-31',
    settlements: [
      {
        settlementId: 's-1',
        at: '2025-03-05T10:00:00.000Z',
        method: 'cheque',
        amountCents: 2_000,
        reference: 'CHQ 118',
      },
      { settlementId: 's-2', at: '2025-03-06T10:00:00.000Z', method: 'credit', amountCents: 1_000, paymentId: 'p-1' },
    ],
    updatedAt: '2025-03-06T10:00:00.000Z',
    version: 4,
    overdue: true,
    ...overrides,
  };
}

export function aPaymentView(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    paymentId: '00000000-0000-4000-8000-000000000000',
    accountNumber: 'LL-1001',
    allocations: [{ invoiceNumber: 'INV-1', amountCents: 12_000 }],
    totalCents: 12_000,
    creditCents: 0,
    cardCents: 12_000,
    status: 'awaiting-card',
    gateway: 'fake',
    intentId: 'pi_1',
    clientSecret: 'pi_1_secret',
    overpaidCents: 0,
    receiptNumber: 'R-000001',
    createdAt: '2025-03-10T10:00:00.000Z',
    version: 1,
    checkout: { gateway: 'fake', clientSecret: 'pi_1_secret' },
    ...overrides,
  };
}
