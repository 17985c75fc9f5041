import type { CustomerRecord } from '../../core/schemas/customers/customer-info';
import type { Invoice, InvoiceLine, InvoiceSettlement } from '../../core/schemas/invoices';
import type { Payment } from '../../core/schemas/payments';

/** Invoices, payments and practices for the PDF and document-URL tests, with their amounts consistent. */

export function invoiceLine(n: number, overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  const quantity = overrides.quantity ?? 1 + (n % 2);
  const unitCents = overrides.unitCents ?? 12_500 + n;
  return {
    description: `Scleral lens, custom design ${n}`,
    orderNumber: `LL-${String(1000 + n)}`,
    patient: `Patient ${n}`,
    eye: n % 2 ? 'OD' : 'OS',
    ...overrides,
    quantity,
    unitCents,
    amountCents: quantity * unitCents,
  };
}

/** An invoice whose totals follow from its lines and settlements (as withTotals computes them). */
export function invoiceOf(
  overrides: Partial<
    Omit<Invoice, 'subtotalCents' | 'totalCents' | 'paidCents' | 'creditedCents' | 'balanceCents'>
  > = {},
): Invoice {
  const lines = overrides.lines ?? [invoiceLine(1), invoiceLine(2)];
  const settlements: InvoiceSettlement[] = overrides.settlements ?? [];
  const shippingCents = overrides.shippingCents ?? 1_500;
  const taxCents = overrides.taxCents ?? 2_345;
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const totalCents = subtotalCents + shippingCents + taxCents;
  const paidCents = settlements.filter((s) => s.method !== 'credit').reduce((sum, s) => sum + s.amountCents, 0);
  const creditedCents = settlements.filter((s) => s.method === 'credit').reduce((sum, s) => sum + s.amountCents, 0);
  const balanceCents = totalCents - paidCents - creditedCents;
  return {
    invoiceNumber: 'INV-1001',
    accountNumber: 'BV-1001',
    orderIds: ['order-1'],
    issuedAt: '2025-03-01T15:30:00.000Z',
    dueDate: '2025-03-31',
    status: balanceCents <= 0 ? 'paid' : paidCents + creditedCents > 0 ? 'partially-paid' : 'open',
    createdBy: { userId: 'staff-1', name: 'Staff Member Secret' },
    updatedAt: '2025-03-01T15:30:00.000Z',
    version: 0,
    ...overrides,
    lines,
    settlements,
    shippingCents,
    taxCents,
    subtotalCents,
    totalCents,
    paidCents,
    creditedCents,
    balanceCents,
  };
}

export const PRACTICE: CustomerRecord = {
  accountNumber: 'BV-1001',
  company: 'Brightview Eye Care',
  phone: '555-0101',
  shippingAddress: { address: '12 Shipping Lane', city: 'Springfield', state: 'IL', zip: '62701' },
  billingAddress: { address: '400 Billing Avenue', apt: 'Suite 9', city: 'Chicago', state: 'IL', zip: '60601' },
  pricingAllowed: true,
};

export function paymentOf(overrides: Partial<Payment> = {}): Payment {
  return {
    paymentId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    accountNumber: 'BV-1001',
    payer: { userId: 'user-customer', name: 'Dr Ada Fitter', email: 'fitter@brightview.test' },
    allocations: [{ invoiceNumber: 'INV-1001', amountCents: 30_000 }],
    totalCents: 30_000,
    creditCents: 5_000,
    cardCents: 25_000,
    status: 'succeeded',
    overpaidCents: 0,
    receiptNumber: 'R-20250305-0007',
    createdAt: '2025-03-05T09:00:00.000Z',
    settledAt: '2025-03-05T09:01:00.000Z',
    version: 2,
    ...overrides,
  };
}
