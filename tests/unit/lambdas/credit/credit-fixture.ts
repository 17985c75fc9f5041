import type { WarrantyPolicy } from '../../../../core/schemas/credit';
import { DEFAULT_WARRANTY_POLICY } from '../../../../core/schemas/lenses';
import type { Order, OrderLine } from '../../../../core/schemas/orders';
import type { CreditDeps } from '../../../../lambdas/use-cases/credit/credit-deps';
import type { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { designSnapshot, InMemoryOrders, quietOrderPorts, testDesign } from '../../../support/order-fakes';
import { A, moneyFixture, uuid, type MoneyFixture } from '../money/money-fixture';

export { A, B, lab, outsider, practice, refusal, uuid } from '../money/money-fixture';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreditFixture {
  deps: CreditDeps & { money: MoneyFixture['deps']['money']; orders: InMemoryOrders };
  /** Where the money store's commits put their emails. */
  outbox: MoneyFixture['outbox'];
  clock: MoneyFixture['clock'];
  invoice: MoneyFixture['invoice'];
  /** Stores a closed (shipped) order `shippedDaysAgo` days before the clock; OD unless `eyes` says. */
  shippedOrder(n: number, options?: ShippedOrderOptions): Order;
}

export interface ShippedOrderOptions {
  accountNumber?: string;
  shippedDaysAgo?: number;
  eyes?: ('OD' | 'OS')[];
  priceCents?: number | undefined;
  quantity?: number;
  warrantyDays?: number;
  policy?: Partial<WarrantyPolicy>;
  status?: Order['status'];
  /** Days its draft was open before it was placed (0: placed as it was started). */
  draftDays?: number;
}

/** The money fixture (practices A and B, the lab) plus an in-memory orders table of shipped orders. */
export function creditFixture(): CreditFixture {
  const money = moneyFixture();
  const orders = new InMemoryOrders(money.deps.money.invoices);
  const deps = { ...money.deps, orders };
  return {
    deps,
    outbox: money.outbox,
    clock: money.clock,
    invoice: money.invoice,
    shippedOrder(n, options = {}) {
      const shippedAt = new Date(money.clock.now.getTime() - (options.shippedDaysAgo ?? 10) * DAY_MS).toISOString();
      const submittedAt = new Date(Date.parse(shippedAt) - 7 * DAY_MS).toISOString();
      const createdAt = new Date(Date.parse(submittedAt) - (options.draftDays ?? 0) * DAY_MS).toISOString();
      const design = testDesign({
        warrantyDays: options.warrantyDays ?? 90,
        warranty: { ...DEFAULT_WARRANTY_POLICY, ...options.policy },
      });
      const line = (eye: 'OD' | 'OS'): OrderLine => ({
        eye,
        lensId: design.lensId,
        parameters: { sphere: -2.5, diameter: 16.5 },
        quantity: options.quantity ?? 1,
        design: {
          ...designSnapshot(design),
          ...('priceCents' in options
            ? options.priceCents === undefined
              ? {}
              : { priceCents: options.priceCents }
            : { priceCents: 40_000 }),
        },
      });
      const status = options.status ?? 'closed';
      const by = { userId: 'u-lab', name: 'Lara', actor: 'lab' as const };
      const order: Order = {
        orderId: uuid(n),
        orderNumber: `LL-${String(n).padStart(6, '0')}`,
        accountNumber: options.accountNumber ?? A,
        status,
        patient: `Patient ${n}`,
        lines: (options.eyes ?? ['OD']).map(line),
        shipping: {
          method: 'standard',
          shipTo: 'office',
          address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' },
        },
        attachments: [],
        history: [
          { at: submittedAt, action: 'submit', from: null, to: 'submitted', by: { ...by, actor: 'practice' } },
          ...(status === 'closed'
            ? [{ at: shippedAt, action: 'close', from: 'approved' as const, to: 'closed' as const, by }]
            : []),
        ],
        createdBy: { userId: 'u-ann', name: 'Ann Test' },
        createdAt,
        submittedAt,
        statusAt: status === 'closed' ? shippedAt : submittedAt,
        updatedAt: shippedAt,
        version: 2,
        totalCents: 40_000,
      };
      orders.rows.set(order.orderId, structuredClone(order));
      return order;
    },
  };
}

/** The order use cases' ports over the fixture's orders, users, practices and claims, on its clock. */
export function orderPortsOf(f: CreditFixture, lenses: InMemoryLensCatalogue) {
  return {
    ...quietOrderPorts(),
    orders: f.deps.orders,
    users: f.deps.users,
    customers: f.deps.customers,
    lenses,
    claims: f.deps.money,
    now: () => f.clock.now,
    sleep: async () => {},
  };
}
