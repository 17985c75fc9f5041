import { CHANGED_MESSAGES } from '../../core/messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '../../core/rules/order-lifecycle';
import { DEFAULT_WARRANTY_POLICY } from '../../core/schemas/lenses';
import type { Order } from '../../core/schemas/orders';
import { OrderDetail, type OrderDetailProps } from '../../web/src/features/orders/components/order-detail';
import { CallableError } from '../../web/src/lib/callable-error';

const ORDER_ID = '11111111-2222-4333-8444-555555555555';

function order(status: OrderStatus, extra: Partial<Order> = {}): Order {
  return {
    orderId: ORDER_ID,
    orderNumber: 'LL-000042',
    accountNumber: 'BV-1001',
    status,
    patient: 'Patient 7',
    lines: [
      {
        eye: 'OD',
        lensId: 'scleral-1',
        parameters: { sphere: -2.25 },
        quantity: 1,
        design: {
          lensId: 'scleral-1',
          name: 'Atlas Scleral',
          type: 'scleral',
          warrantyDays: 90,
          warranty: DEFAULT_WARRANTY_POLICY,
          version: 1,
          parameters: [
            {
              kind: 'number',
              key: 'sphere',
              label: 'Sphere',
              unit: 'D',
              min: -20,
              max: 20,
              step: 0.25,
              required: true,
            },
          ],
        },
      },
    ],
    attachments: [],
    history: [
      {
        at: '2025-03-01T10:00:00.000Z',
        action: 'submit',
        from: 'draft',
        to: 'submitted',
        by: { userId: 'u-1', name: 'Dana Okafor', actor: 'practice' },
      },
      {
        at: '2025-03-02T09:00:00.000Z',
        action: 'hold',
        from: 'submitted',
        to: 'on-hold',
        by: { userId: 'a-1', name: 'Lab Admin', actor: 'lab' },
        note: 'Please send the topography.',
      },
    ],
    createdBy: { userId: 'u-1', name: 'Dana Okafor' },
    createdAt: '2025-03-01T09:00:00.000Z',
    statusAt: '2025-03-02T09:00:00.000Z',
    updatedAt: '2025-03-02T09:00:00.000Z',
    version: 3,
    ...extra,
  };
}

function renderDetail(o: Order, overrides: Partial<OrderDetailProps> = {}) {
  const props: OrderDetailProps = {
    order: o,
    onCancel: vi.fn(async () => undefined),
    onResubmit: vi.fn(async () => undefined),
    onReload: vi.fn(),
    ...overrides,
  };
  render(
    <MemoryRouter>
      <OrderDetail {...props} />
    </MemoryRouter>,
  );
  return { props, user: userEvent.setup() };
}

describe('order detail (timeline, practice actions)', () => {
  it('shows the timeline newest first with who, when, the change and the note', () => {
    renderDetail(order('on-hold', { holdMessage: 'Please send the topography.' }));
    const timeline = screen.getByRole('list', { name: 'Order history, newest first' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Lab Admin (lab)');
    expect(entries[0]).toHaveTextContent('Please send the topography.');
    expect(entries[1]).toHaveTextContent('Dana Okafor (practice)');
    expect(entries[0]!.querySelector('time')).toHaveAttribute('datetime', '2025-03-02T09:00:00.000Z');
  });

  it.each<OrderStatus>(['submitted', 'on-hold'])('a %s order can be canceled by the practice', (status) => {
    renderDetail(order(status));
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  });

  it.each<OrderStatus>(['approved', 'closed', 'rejected', 'cancelled'])(
    'a %s order offers no Cancel (only before approval)',
    (status) => {
      renderDetail(order(status));
      expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    },
  );

  it('canceling asks first, then sends the version read and the reason', async () => {
    const { props, user } = renderDetail(order('submitted'));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Patient moved');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(props.onCancel).toHaveBeenCalledWith({ orderId: ORDER_ID, version: 3, reason: 'Patient moved' });
  });

  it(`a 409 shows "${CHANGED_MESSAGES.order}" with a Reload button`, async () => {
    const onResubmit = vi.fn(async () => {
      throw new CallableError({ route: 'resubmitOrder', httpStatus: 409, status: 'aborted', message: 'changed' });
    });
    const { props, user } = renderDetail(order('on-hold', { holdMessage: 'Send the topography' }), { onResubmit });
    await user.type(screen.getByLabelText('Your answer'), 'Attached now');
    await user.click(screen.getByRole('button', { name: 'Answer and resubmit' }));
    expect(await screen.findByText(CHANGED_MESSAGES.order)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(props.onReload).toHaveBeenCalledTimes(1);
  });

  it('warranty remake is offered for a closed order only within the design warranty days', () => {
    const closed = order('closed', { statusAt: '2025-03-10T00:00:00.000Z' });
    renderDetail(closed, { now: Date.parse('2025-04-01T00:00:00.000Z') });
    expect(screen.getByRole('link', { name: 'Warranty remake' })).toHaveAttribute(
      'href',
      `/customer/order?from=${ORDER_ID}&kind=warranty`,
    );
  });

  it('no warranty remake after the warranty days have passed', () => {
    renderDetail(order('closed', { statusAt: '2025-03-10T00:00:00.000Z' }), {
      now: Date.parse('2025-09-01T00:00:00.000Z'),
    });
    expect(screen.queryByRole('link', { name: 'Warranty remake' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Reorder' })).toBeVisible();
  });
});
