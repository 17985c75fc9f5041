import { describe, expect, it } from 'vitest';
import { createCustomerInputSchema, type CustomerDetail } from '../../core/schemas/customers/customer-admin';
import {
  createInputOf,
  paymentTermsError,
  practiceValuesOf,
  updateInputOf,
} from '../../web/src/features/customers/components/practice-values';

const practice = (overrides: Partial<CustomerDetail> = {}): CustomerDetail => ({
  accountNumber: 'BV-1001',
  company: 'Brightview Eye Care',
  phone: '555-0101',
  shippingAddress: { address: '1 Main St', city: 'Salem', state: 'OR', zip: '97301' },
  pricingAllowed: true,
  status: 'active',
  additionalAccounts: [],
  version: 3,
  ...overrides,
});

describe('Customer Management: payment terms', () => {
  it('a new practice starts at 30 days net, sent as a number', () => {
    const values = practiceValuesOf();
    expect(values.paymentTermsDays).toBe('30');
    expect(createInputOf(values).paymentTermsDays).toBe(30);
  });

  it("a practice's own terms are shown and sent with an update", () => {
    const values = practiceValuesOf(practice({ paymentTermsDays: 45 }));
    expect(values.paymentTermsDays).toBe('45');
    expect(updateInputOf({ ...values, paymentTermsDays: '60' }, 3)).toMatchObject({ paymentTermsDays: 60, version: 3 });
  });

  it('terms that are not a whole number of days are refused with a message', () => {
    const values = { ...practiceValuesOf(practice()), paymentTermsDays: 'net 30' };
    expect(paymentTermsError(values)).toBe('Payment terms are whole days');
    const fractional = createCustomerInputSchema.safeParse(createInputOf({ ...values, paymentTermsDays: '30.5' }));
    expect(fractional.success).toBe(false);
    expect(fractional.error?.issues[0]?.message).toBe('Payment terms are whole days');
  });
});
