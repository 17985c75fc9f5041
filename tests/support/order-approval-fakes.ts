import { orderSummarySchema, type AdminDashboard, type Order, type OrderSummary } from '../../core/schemas/orders';
import { DEFAULT_WARRANTY_POLICY } from '../../core/schemas/lenses';
import { numberParameter, optionParameter } from './lens-parameters';

/** Orders and dashboards as the lab's screens receive them, for the web tests of Order Approval. */

export const ORDER_ID = '0b1e2f3a-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    orderId: ORDER_ID,
    orderNumber: 'LL-000042',
    accountNumber: 'BV-1001',
    status: 'submitted',
    patient: 'Jordan Reyes',
    poNumber: 'PO-77',
    lines: [
      {
        eye: 'OD',
        lensId: 'scleral-16',
        quantity: 1,
        parameters: { sagittalDepth: 4300, diameter: 16, sphere: -2.5, material: 'optimum-extra' },
        design: {
          lensId: 'scleral-16',
          name: 'Scleral 16.0',
          type: 'scleral',
          warrantyDays: 90,
          warranty: DEFAULT_WARRANTY_POLICY,
          version: 3,
          parameters: [
            numberParameter('sagittalDepth', 'Sagittal depth', 'um', 3000, 6000, 10),
            numberParameter('diameter', 'Diameter', 'mm', 14.5, 20, 0.1),
            numberParameter('sphere', 'Sphere', 'D', -20, 20, 0.25),
            optionParameter('material', 'Material', [['optimum-extra', 'Optimum Extra (Dk 100)']]),
          ],
        },
      },
    ],
    shipping: {
      method: 'standard',
      shipTo: 'office',
      address: { address: '12 Lens Lane', city: 'Salem', state: 'OR', zip: '97301' },
    },
    notes: 'Patient had a previous scleral fit.',
    attachments: [],
    history: [
      {
        at: '2025-03-03T09:00:00.000Z',
        action: 'submit',
        from: 'draft',
        to: 'submitted',
        by: { userId: 'u-1', name: 'Dana Okafor', actor: 'practice' },
      },
    ],
    createdBy: { userId: 'u-1', name: 'Dana Okafor' },
    createdAt: '2025-03-03T08:40:00.000Z',
    submittedAt: '2025-03-03T09:00:00.000Z',
    statusAt: '2025-03-03T09:00:00.000Z',
    updatedAt: '2025-03-03T09:00:00.000Z',
    version: 3,
    ...overrides,
  };
}

/** anOrder as the lab's list shows it: the summary's fields of it and its lenses. */
export function aSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return { ...orderSummarySchema.parse({ ...anOrder(), lenses: [{ eye: 'OD', name: 'Scleral 16.0' }] }), ...overrides };
}

/** Twelve Mondays from 2025-01-06, with `counts` orders each (zeros where not given). */
export function aDashboard(counts: readonly number[] = [], overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  const first = Date.parse('2025-01-06T00:00:00Z');
  return {
    countsByStatus: { draft: 2, submitted: 5, 'on-hold': 1, approved: 7, closed: 40, rejected: 2, cancelled: 1 },
    oldestWaiting: aSummary(),
    ordersPerWeek: Array.from({ length: 12 }, (_, i) => ({
      weekStart: new Date(first + i * 7 * 86_400_000).toISOString().slice(0, 10),
      count: counts[i] ?? 0,
    })),
    onTime: { last30: { shipped: 20, onTime: 18, rate: 0.9 }, last90: { shipped: 60, onTime: 51, rate: 0.85 } },
    activeUsers: [
      {
        userId: 'a-1',
        email: 'lab@lenslab.test',
        role: 'admin',
        lastActivity: Date.now() - 2 * 60_000,
        status: 'idle',
      },
      {
        userId: 'c-1',
        email: 'fitter@brightview.test',
        role: 'customer',
        lastActivity: Date.now() - 30_000,
        status: 'active',
      },
    ],
    ...overrides,
  };
}
