import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WARRANTY_POLICY, type LensDesign } from '../../core/schemas/lenses';
import type { Order } from '../../core/schemas/orders';
import type { OrderFormApi } from '../../web/src/features/orders/components/order-form-api';
import { OrderForm, type OrderFormProps } from '../../web/src/features/orders/components/order-form';
import { draftStorageKey } from '../../web/src/features/orders/model/local-draft';

const ORDER_ID = '11111111-2222-4333-8444-555555555555';

const SCLERAL: LensDesign = {
  lensId: 'scleral-1',
  name: 'Atlas Scleral',
  type: 'scleral',
  parameters: [
    { kind: 'number', key: 'sphere', label: 'Sphere', unit: 'D', min: -20, max: 20, step: 0.25, required: true },
    { kind: 'number', key: 'diameter', label: 'Diameter', unit: 'mm', min: 14.5, max: 20, step: 0.1, required: true },
    {
      kind: 'option',
      key: 'material',
      label: 'Material',
      options: [{ value: 'optimum-extra', label: 'Optimum Extra (Dk 100)' }],
      required: false,
    },
  ],
  priceCents: 32500,
  warrantyDays: 90,
  warranty: DEFAULT_WARRANTY_POLICY,
  active: true,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function fakeApi(overrides: Partial<OrderFormApi> = {}): OrderFormApi {
  return {
    saveDraft: vi.fn(async (input) => ({ orderId: input.orderId, version: 1, updatedAt: new Date().toISOString() })),
    loadOrder: vi.fn(async () => null),
    discardDraft: vi.fn(async () => ({ discarded: true })),
    submit: vi.fn(
      async (input) =>
        ({
          orderId: input.orderId,
          orderNumber: 'LL-000042',
          patient: input.order.patient,
        }) as Order,
    ),
    ...overrides,
  };
}

function renderForm(overrides: Partial<OrderFormProps> = {}) {
  const props: OrderFormProps = {
    userId: 'u-1',
    account: {
      accountNumber: 'BV-1001',
      pricingAllowed: true,
      shippingAddress: { address: '1 Main St', city: 'Portland', state: 'OR', zip: '97205' },
    },
    designs: [SCLERAL],
    api: fakeApi(),
    newOrderId: () => ORDER_ID,
    ...overrides,
  };
  const view = render(
    <MemoryRouter>
      <OrderForm {...props} />
    </MemoryRouter>,
  );
  return { props, view, user: userEvent.setup() };
}

async function fillValidOrder(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Patient name or reference'), 'Patient 7');
  await user.selectOptions(screen.getByLabelText('Lens design, OD'), 'scleral-1');
  await user.type(screen.getByLabelText('Sphere'), '-2.25');
  await user.type(screen.getByLabelText('Diameter'), '16');
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('order form', () => {
  it('a parameter out of range shows the message under the field as it is typed', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Lens design, OD'), 'scleral-1');
    const sphere = screen.getByLabelText('Sphere');
    expect(sphere).toHaveAttribute('min', '-20');
    expect(sphere).toHaveAttribute('step', '0.25');
    expect(sphere).toHaveAttribute('inputmode', 'decimal');

    await user.type(sphere, '25');

    expect(sphere).toHaveAttribute('aria-invalid', 'true');
    expect(sphere).toHaveAccessibleDescription('Sphere must be between -20.00 and +20.00 D');
    await user.clear(sphere);
    await user.type(sphere, '-2.1');
    expect(sphere).toHaveAccessibleDescription('Sphere must be in steps of 0.25 D');
    await user.type(sphere, '0');
    await user.clear(sphere);
    await user.type(sphere, '-2.25');
    expect(sphere).not.toHaveAttribute('aria-invalid');
  });

  it('"Copy OD to OS" copies the design and every parameter to the left eye', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Lens design, OD'), 'scleral-1');
    await user.type(screen.getByLabelText('Sphere'), '-3.5');
    await user.click(screen.getByRole('button', { name: 'Copy OD to OS' }));

    const os = screen.getByRole('region', { name: 'OS (left eye)' });
    expect(within(os).getByLabelText('Lens design, OS')).toHaveValue('scleral-1');
    expect(within(os).getByLabelText('Sphere')).toHaveValue(-3.5);
    expect(within(os).getByRole('checkbox')).toBeChecked();
  });

  it('what was typed is restored from this browser after the form is remounted (a reload)', async () => {
    const { user, view } = renderForm();
    await user.type(screen.getByLabelText('Patient name or reference'), 'Restored patient');
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-9');
    view.unmount();

    expect(window.localStorage.getItem(draftStorageKey('u-1', 'BV-1001'))).toContain('Restored patient');
    renderForm();
    expect(screen.getByLabelText('Patient name or reference')).toHaveValue('Restored patient');
    expect(screen.getByLabelText('PO number (optional)')).toHaveValue('PO-9');
    expect(screen.getByText(/Your draft was restored/)).toBeVisible();
  });

  it('saves the draft on the server once typing stops, not per keystroke', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi();
    renderForm({ api });
    const patient = screen.getByLabelText('Patient name or reference');
    fireEvent.change(patient, { target: { value: 'A' } });
    fireEvent.change(patient, { target: { value: 'Ab' } });
    expect(api.saveDraft).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1600);
    });
    expect(api.saveDraft).toHaveBeenCalledTimes(1);
    expect(api.saveDraft).toHaveBeenCalledWith(
      expect.objectContaining({
        orderId: ORDER_ID,
        accountNumber: 'BV-1001',
        draft: expect.objectContaining({ patient: 'Ab' }),
      }),
    );
    expect(await screen.findByText(/Draft saved/)).toBeVisible();
  });

  it('a double click on Submit order sends one request (idempotent submit)', async () => {
    let resolve: (order: Order) => void = () => undefined;
    const submit = vi.fn(() => new Promise<Order>((r) => (resolve = r)));
    const { user } = renderForm({ api: fakeApi({ submit }) });
    await fillValidOrder(user);
    await user.click(screen.getByRole('button', { name: 'Review and submit' }));
    const confirm = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Submit order' });

    await user.dblClick(confirm);
    await act(async () => resolve({ orderId: ORDER_ID, orderNumber: 'LL-000042', patient: 'Patient 7' } as Order));

    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ orderId: ORDER_ID }));
    expect(await screen.findByRole('heading', { name: 'Order LL-000042 submitted' })).toBeVisible();
    expect(window.localStorage.getItem(draftStorageKey('u-1', 'BV-1001'))).toBeNull();
  });

  it('submit with missing fields shows a summary and the messages at the fields, sending nothing', async () => {
    const api = fakeApi();
    const { user } = renderForm({ api });
    await user.click(screen.getByRole('button', { name: 'Review and submit' }));

    expect(await screen.findByRole('alert', { name: /Please correct/ })).toBeVisible();
    expect(screen.getByLabelText('Patient name or reference')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Lens design, OD')).toHaveAccessibleDescription('Choose a lens design for OD');
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('prices are hidden when the account may not see them (pricingAllowed false)', async () => {
    const { user } = renderForm({
      account: {
        accountNumber: 'BV-1001',
        pricingAllowed: false,
        shippingAddress: { address: '1 Main St', city: 'Portland', state: 'OR', zip: '97205' },
      },
    });
    await fillValidOrder(user);
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getByRole('option', { name: 'Atlas Scleral' })).toBeInTheDocument();
  });

  it('prices show when the account may see them', async () => {
    const { user } = renderForm();
    await fillValidOrder(user);
    expect(screen.getByRole('option', { name: 'Atlas Scleral ($325.00)' })).toBeInTheDocument();
    expect(screen.getByText(/Order total/)).toHaveTextContent('$325.00');
  });
});
