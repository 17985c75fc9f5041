import { submitOrderInputSchema, type Order, type OrderFields } from '../../../../core/schemas/orders';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import { submitOrder } from '../../../../lambdas/use-cases/orders/submit-order';
import { recordingTrail } from '../../../support/in-memory-audit';
import { InMemoryMoneyStore } from '../../../support/in-memory-money';
import { identity, numberedUuid as id, practiceAnn as practice } from '../../../support/identities';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { optionParameter } from '../../../support/lens-parameters';
import { InMemoryOrders, InMemoryProductionSettings, orderPorts, testDesign } from '../../../support/order-fakes';
import { testCustomers, testUsers } from '../../../support/test-directory';

/**
 * The production-stage tests' world: practice A (Ann), the lab (Lara), a scleral design with a surface treatment
 * option, the default production settings and a clock the test sets (a Tuesday morning in the lab's zone).
 */
export const A = 'ACC-A';
export const lab = identity(['admin'], { userId: 'u-lab', email: 'lab@lab.test' });
export const superAdmin = identity(['admin', 'superadmin'], { userId: 'u-boss', email: 'boss@lab.test' });
export { practice, id };

/** Tuesday 2026-12-01, 9 am in New York: before the default 4 pm cut-off, so work starts that day. */
export const TUESDAY_MORNING = new Date('2026-12-01T14:00:00.000Z');

export function stagesWorld() {
  const users = testUsers([
    { userId: 'u-ann', email: 'ann@a.test', accountNumber: A, firstName: 'Ann' },
    { userId: 'u-lab', email: 'lab@lab.test', accountNumber: 'LAB', firstName: 'Lara' },
  ]);
  const customers = testCustomers([{ accountNumber: A }]);
  const lenses = new InMemoryLensCatalogue();
  lenses.rows.set(
    'scleral-test',
    testDesign({
      parameters: [
        ...testDesign().parameters,
        optionParameter(
          'surfaceTreatment',
          'Surface treatment',
          [
            ['none', 'None'],
            ['plasma', 'Plasma'],
          ],
          false,
        ),
      ],
    }),
  );
  const clock = { now: TUESDAY_MORNING };
  const trail = recordingTrail();
  const production = new InMemoryProductionSettings();
  // One outbox, and the money fake's invoices and credit ledger shared with the orders fake: a close writes both.
  const money = new InMemoryMoneyStore();
  const orders = new InMemoryOrders(money.invoices, new Map(), money.outbox, money);
  const deps = {
    ...orderPorts({ users, customers, lenses, now: () => clock.now }),
    orders,
    money,
    production,
    audit: trail.audit,
  };
  return { deps, clock, lenses, changes: trail.changes, production, orders, money };
}

export type StagesWorld = ReturnType<typeof stagesWorld>;

export function orderFields(overrides: Partial<OrderFields> = {}): OrderFields {
  return {
    patient: 'Jane Roe',
    lines: [{ eye: 'OD', lensId: 'scleral-test', parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 }],
    shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
    ...overrides,
  } as OrderFields;
}

export function place(world: StagesWorld, n: number, fields: OrderFields = orderFields()): Promise<Order> {
  return submitOrder(
    practice,
    submitOrderInputSchema.parse({ orderId: id(n), accountNumber: A, order: fields }),
    world.deps,
  );
}

/** A placed order the lab approved (stage 'approved'). */
export async function approved(world: StagesWorld, n: number, fields?: OrderFields): Promise<Order> {
  const order = await place(world, n, fields);
  return changeOrderStatus('approve', lab, { orderId: order.orderId, version: order.version }, world.deps);
}
