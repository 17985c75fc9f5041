import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_WARRANTY_POLICY, type LensDesign } from '../../core/schemas/lenses';
import type { Order } from '../../core/schemas/orders';
import { DEFAULT_PRODUCTION_SETTINGS, type ProductionSettings } from '../../core/schemas/production-settings';
import { OrderForm, type OrderFormProps } from '../../web/src/features/orders/components/order-form';

const SCLERAL: LensDesign = {
  lensId: 'scleral-1',
  name: 'Atlas Scleral',
  type: 'scleral',
  parameters: [
    { kind: 'number', key: 'sphere', label: 'Sphere', unit: 'D', min: -20, max: 20, step: 0.25, required: true },
  ],
  priceCents: 32500,
  warrantyDays: 90,
  warranty: DEFAULT_WARRANTY_POLICY,
  active: true,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const QUICK_GP: LensDesign = { ...SCLERAL, lensId: 'gp-1', name: 'Quick GP', type: 'corneal-gp', leadDays: 2 };

/** An East Coast lab with no holidays that ships what is ready by 4 PM. */
const SETTINGS: ProductionSettings = {
  ...DEFAULT_PRODUCTION_SETTINGS,
  calendar: {
    timeZone: 'America/New_York',
    cutoffHour: 16,
    holidays: [],
    transitDays: { standard: 3, express: 2, overnight: 1 },
  },
};
/** Monday, December 7, 2026, 10 AM in New York: before the cut-off, so work starts that day. */
const MONDAY_MORNING = () => new Date('2026-12-07T15:00:00Z');

function renderForm(overrides: Partial<OrderFormProps> = {}) {
  const props: OrderFormProps = {
    userId: 'u-1',
    account: {
      accountNumber: 'BV-1001',
      pricingAllowed: false,
      shippingAddress: { address: '1 Main St', city: 'Portland', state: 'OR', zip: '97205' },
    },
    designs: [SCLERAL, QUICK_GP],
    api: {
      saveDraft: vi.fn(async (input) => ({ orderId: input.orderId, version: 1, updatedAt: new Date().toISOString() })),
      loadOrder: vi.fn(async () => null),
      discardDraft: vi.fn(async () => ({ discarded: true })),
      submit: vi.fn(async (input) => ({ orderId: input.orderId }) as Order),
    },
    newOrderId: () => '11111111-2222-4333-8444-555555555555',
    productionSettings: SETTINGS,
    now: MONDAY_MORNING,
    ...overrides,
  };
  render(
    <MemoryRouter>
      <OrderForm {...props} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('order form ship date', () => {
  it('shows ship-by and arrive-by from the type default lead, and moves arrive-by when the method changes', async () => {
    localStorage.clear();
    const user = renderForm();
    expect(screen.queryByText(/Ships by/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Lens design, OD'), 'scleral-1');
    // Scleral: 5 business days from Monday Dec 7, then 3 days of standard transit.
    expect(screen.getByText(/Ships by/)).toHaveTextContent(
      'Ships by Mon, Dec 14 · arrives by Thu, Dec 17 by standard shipping',
    );
    expect(screen.getByText(/orders placed after 4 PM Eastern start the next business day/i)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Shipping method'), 'overnight');
    expect(screen.getByText(/Ships by/)).toHaveTextContent(
      'Ships by Mon, Dec 14 · arrives by Tue, Dec 15 by overnight shipping',
    );
  });

  it("a design's own lead time replaces its type's default", async () => {
    localStorage.clear();
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText('Lens design, OD'), 'gp-1');
    expect(screen.getByText(/Ships by/)).toHaveTextContent(
      'Ships by Wed, Dec 9 · arrives by Mon, Dec 14 by standard shipping',
    );
  });

  it('an order placed after the cut-off hour starts the next business day', async () => {
    localStorage.clear();
    // 5 PM in New York on Friday, December 11: work starts Monday the 14th.
    const user = renderForm({ now: () => new Date('2026-12-11T22:00:00Z') });
    await user.selectOptions(screen.getByLabelText('Lens design, OD'), 'gp-1');
    expect(screen.getByText(/Ships by/)).toHaveTextContent('Ships by Wed, Dec 16');
  });

  it('settings that cannot load say the date comes in the acknowledgement email and ordering goes on', async () => {
    localStorage.clear();
    const user = renderForm({ productionSettings: null });
    await user.selectOptions(screen.getByLabelText('Lens design, OD'), 'scleral-1');
    expect(screen.queryByText(/Ships by/)).not.toBeInTheDocument();
    expect(screen.getByText(/ship date will be in the email/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review and submit' })).toBeEnabled();
  });
});
