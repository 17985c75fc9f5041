import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../core/schemas/orders';
import { patientInitials, pullApprovedOrders } from '../../../../lambdas/use-cases/orders/pull-approved-orders';
import { anOrder } from '../../../support/order-approval-fakes';
import { InMemoryOrders } from '../../../support/order-fakes';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function ordersWith(...approved: { n: number; at: string; status?: Order['status'] }[]) {
  const orders = new InMemoryOrders();
  for (const { n, at, status } of approved)
    orders.rows.set(id(n), anOrder({ orderId: id(n), status: status ?? 'approved', statusAt: at, stage: 'lathing' }));
  return orders;
}

describe('pulling approved orders since a cursor (machine API)', () => {
  it('gives approved orders oldest approval first, and only approved ones', async () => {
    const orders = ordersWith(
      { n: 2, at: '2026-01-02T00:00:00.000Z' },
      { n: 1, at: '2026-01-01T00:00:00.000Z' },
      { n: 3, at: '2026-01-03T00:00:00.000Z', status: 'submitted' },
    );
    const page = await pullApprovedOrders({ limit: 50 }, { orders });
    expect(page.items.map((o) => o.orderId)).toEqual([id(1), id(2)]);
    expect(page.hasMore).toBe(false);
  });

  it('a pull from the last cursor gives only orders approved after it, and none twice', async () => {
    const orders = ordersWith({ n: 1, at: '2026-01-01T00:00:00.000Z' }, { n: 2, at: '2026-01-02T00:00:00.000Z' });
    const first = await pullApprovedOrders({ limit: 1 }, { orders });
    expect(first).toMatchObject({ items: [{ orderId: id(1) }], hasMore: true });
    const second = await pullApprovedOrders({ limit: 1, cursor: first.cursor! }, { orders });
    expect(second.items.map((o) => o.orderId)).toEqual([id(2)]);
    const idle = await pullApprovedOrders({ limit: 1, cursor: second.cursor! }, { orders });
    expect(idle).toEqual({ items: [], cursor: second.cursor, hasMore: false });
    orders.rows.set(id(3), anOrder({ orderId: id(3), status: 'approved', statusAt: '2026-01-05T00:00:00.000Z' }));
    expect((await pullApprovedOrders({ limit: 1, cursor: idle.cursor! }, { orders })).items[0]?.orderId).toBe(id(3));
  });

  it('orders approved in the same millisecond are all given across pages, in id order, none skipped', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const orders = ordersWith({ n: 3, at }, { n: 1, at }, { n: 2, at }, { n: 4, at: '2026-01-02T00:00:00.000Z' });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 6; i++) {
      const page = await pullApprovedOrders({ limit: 1, ...(cursor ? { cursor } : {}) }, { orders });
      seen.push(...page.items.map((o) => o.orderId));
      cursor = page.cursor ?? undefined;
      if (!page.hasMore) break;
    }
    expect(seen).toEqual([id(1), id(2), id(3), id(4)]);
  });

  it('a forged cursor is a 400, not a query', async () => {
    await expect(
      pullApprovedOrders({ limit: 5, cursor: 'bm90LWpzb24' }, { orders: new InMemoryOrders() }),
    ).rejects.toMatchObject({
      status: 'invalid-argument',
    });
  });

  it('gives what production needs and of the patient only the initials', async () => {
    const orders = ordersWith({ n: 1, at: '2026-01-01T00:00:00.000Z' });
    const [order] = (await pullApprovedOrders({ limit: 5 }, { orders })).items;
    expect(order).toMatchObject({
      orderNumber: 'LL-000042',
      accountNumber: 'BV-1001',
      stage: 'lathing',
      patientInitials: 'JR',
      lines: [
        { eye: 'OD', lensId: 'scleral-16', designName: 'Scleral 16.0', quantity: 1, parameters: { sphere: -2.5 } },
      ],
      shipping: { method: 'standard' },
    });
    expect(JSON.stringify(order)).not.toContain('Jordan');
    expect(order).not.toHaveProperty('history');
    expect(order).not.toHaveProperty('attachments');
  });

  it('initials come from each word of the name or reference', () => {
    expect(patientInitials('Jane van Doe')).toBe('JVD');
    expect(patientInitials('  émile  zola ')).toBe('ÉZ');
    expect(patientInitials('Doe, J.')).toBe('DJ');
  });
});
