import { describe, expect, it } from 'vitest';
import { linesInWarranty } from '../../core/rules/warranty';
import { DEFAULT_WARRANTY_POLICY } from '../../core/schemas/lenses';
import type { Order, OrderLine } from '../../core/schemas/orders';
import { fromPastOrder } from '../../web/src/features/orders/model/order-form-values';

/**
 * A two-design order has a warranty window per lens: the warranty remake starts with only the lenses still
 * covered, so the form never offers an eye that submitting would refuse ("The warranty of order ... ended").
 */

const SHIPPED = '2026-09-01T10:00:00.000Z';
const DAY = 86_400_000;

const line = (eye: 'OD' | 'OS', lensId: string, warrantyDays: number): OrderLine => ({
  eye,
  lensId,
  parameters: { sphere: -2.25 },
  quantity: 1,
  design: {
    lensId,
    name: lensId,
    type: 'scleral',
    warrantyDays,
    warranty: DEFAULT_WARRANTY_POLICY,
    version: 1,
    parameters: [
      { kind: 'number', key: 'sphere', label: 'Sphere', unit: 'D', min: -20, max: 20, step: 0.25, required: true },
    ],
  },
});

const shippedOrder = (): Order => ({
  orderId: '11111111-2222-4333-8444-555555555555',
  orderNumber: 'LL-000042',
  accountNumber: 'BV-1001',
  status: 'closed',
  patient: 'Patient 7',
  lines: [line('OD', 'scleral-90', 90), line('OS', 'soft-30', 30)],
  attachments: [],
  history: [
    {
      at: SHIPPED,
      action: 'close',
      from: 'approved',
      to: 'closed',
      by: { userId: 'a-1', name: 'Lab Admin', actor: 'lab' },
    },
  ],
  createdBy: { userId: 'u-1', name: 'Dana Okafor' },
  createdAt: '2026-08-20T09:00:00.000Z',
  statusAt: SHIPPED,
  updatedAt: SHIPPED,
  version: 5,
});

const daysAfterShipping = (days: number) => new Date(Date.parse(SHIPPED) + days * DAY);

describe('a warranty remake of a two-design order starts with the lenses still in warranty', () => {
  it('45 days after shipping only the 90-day lens is covered: the remake offers OD alone', () => {
    const order = shippedOrder();
    expect(linesInWarranty(order, daysAfterShipping(45)).map((l) => l.eye)).toEqual(['OD']);
    const values = fromPastOrder(order, { kind: 'warranty', ofOrderId: order.orderId }, daysAfterShipping(45));
    expect(values.lines.OD).toMatchObject({ enabled: true, lensId: 'scleral-90' });
    expect(values.lines.OS.enabled).toBe(false);
    expect(values.remake).toEqual({ kind: 'warranty', ofOrderId: order.orderId });
  });

  it('within both windows both lenses are offered; a reorder always copies both', () => {
    const order = shippedOrder();
    const early = fromPastOrder(order, { kind: 'warranty', ofOrderId: order.orderId }, daysAfterShipping(10));
    expect([early.lines.OD.enabled, early.lines.OS.enabled]).toEqual([true, true]);
    const reorder = fromPastOrder(order, { kind: 'reorder', ofOrderId: order.orderId }, daysAfterShipping(200));
    expect([reorder.lines.OD.enabled, reorder.lines.OS.enabled]).toEqual([true, true]);
  });

  it('an order not shipped has no lens in warranty', () => {
    expect(linesInWarranty({ ...shippedOrder(), status: 'approved' }, daysAfterShipping(1))).toEqual([]);
  });
});
