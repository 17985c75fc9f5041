import { beforeEach } from 'vitest';
import type { Consult } from '../../../../core/schemas/consults';
import type { Order } from '../../../../core/schemas/orders';
import { createLogger } from '../../../../lambdas/http/logger';
import type { ConsultEmail } from '../../../../lambdas/ports/consult-notifier';
import type { ConsultDeps } from '../../../../lambdas/use-cases/consults/consult-deps';
import { AMPLEYE_PARAMETERS, AMPLEYE_VALUES } from '../../../support/consult-fixtures';
import { consultFields } from '../../../support/contracts/consult-store';
import { contractOrder } from '../../../support/contracts/orders-repository';
import { recordingTrail } from '../../../support/in-memory-audit';
import { InMemoryConsultantSettings, InMemoryConsultStore } from '../../../support/in-memory-consults';
import { InMemoryRateLimiter } from '../../../support/in-memory-ports';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { designSnapshot, InMemoryOrders, testDesign } from '../../../support/order-fakes';
import { testCustomers, testUsers } from '../../../support/test-directory';
import { identity, numberedUuid, practiceAnn } from '../../../support/identities';

export { refusal } from '../money/money-fixture';

export const A = 'ACC-A';
export const B = 'ACC-B';
export { practiceAnn as practice, numberedUuid as uuid };
/** A second user of practice A. */
export const colleague = identity(['customer'], { userId: 'u-cole', email: 'cole@a.test' });
export const outsider = identity(['customer'], { userId: 'u-eve', email: 'eve@b.test' });
export const lab = identity(['admin'], { userId: 'u-lab', email: 'lab@lab.test' });
export const superAdmin = identity(['admin', 'superadmin'], { userId: 'u-boss', email: 'boss@lab.test' });

export { AMPLEYE_PARAMETERS, AMPLEYE_VALUES };

export interface ConsultFixture {
  deps: ConsultDeps & {
    consults: InMemoryConsultStore;
    settings: InMemoryConsultantSettings;
    lenses: InMemoryLensCatalogue;
    orders: InMemoryOrders;
    limiter: InMemoryRateLimiter;
  };
  /** The consult emails stored in the outbox so far, oldest first; only those of `kind` when named. */
  notices(kind?: ConsultEmail['kind']): ConsultEmail[];
  changes: ReturnType<typeof recordingTrail>['changes'];
  logLines: string[];
  clock: { now: Date };
  /** Stores an order of practice A (closed unless `status` says). */
  order(n: number, overrides?: Partial<Order>): Order;
}

/** Practices A (Ann, Cole) and B (Eve), the lab, the Ampleye designs in the catalogue and in-memory stores. */
/**
 * The fixture a test file's tests share by name, made afresh before each test (each test sees new stores and
 * recorders; nothing it changed reaches the next).
 */
export function consultFixtureEachTest(): ConsultFixture {
  const current = {} as ConsultFixture;
  beforeEach(() => {
    Object.assign(current, consultFixture());
  });
  return current;
}

export function consultFixture(): ConsultFixture {
  const users = testUsers([
    { userId: 'u-ann', email: 'ann@a.test', accountNumber: A, firstName: 'Ann' },
    { userId: 'u-cole', email: 'cole@a.test', accountNumber: A, firstName: 'Cole' },
    { userId: 'u-eve', email: 'eve@b.test', accountNumber: B, firstName: 'Eve' },
    { userId: 'u-lab', email: 'lab@lab.test', firstName: 'Lara' },
  ]);
  const customers = testCustomers([
    { accountNumber: A, company: 'Brightview Eye Care' },
    { accountNumber: B, company: 'Harbor Vision' },
  ]);
  const lenses = new InMemoryLensCatalogue();
  for (const [lensId, name] of [
    ['ampleye', 'Ampleye'],
    ['ampleye-xl', 'Ampleye XL'],
  ] as const)
    lenses.rows.set(lensId, testDesign({ lensId, name, parameters: AMPLEYE_PARAMETERS }));
  const consults = new InMemoryConsultStore();
  const orders = new InMemoryOrders(new Map(), consults.rows);
  const clock = { now: new Date('2026-03-02T15:00:00.000Z') };
  const logLines: string[] = [];
  const { audit, changes } = recordingTrail();
  const deps = {
    consults,
    settings: new InMemoryConsultantSettings(),
    lenses,
    orders,
    users,
    customers,
    limiter: new InMemoryRateLimiter(() => clock.now.getTime()),
    log: createLogger({ route: 'test' }, (line) => logLines.push(line)),
    now: () => clock.now,
    sleep: async () => {},
    audit,
  };
  return {
    deps,
    changes,
    logLines,
    clock,
    notices: (kind) =>
      consults.outbox.notices<ConsultEmail>('consult').filter((email) => kind === undefined || email.kind === kind),
    order(n, overrides = {}) {
      const design = testDesign({ lensId: 'ampleye', name: 'Ampleye', parameters: AMPLEYE_PARAMETERS });
      const at = '2026-02-01T10:00:00.000Z';
      const order = contractOrder({
        orderId: numberedUuid(n),
        orderNumber: `LL-${String(n).padStart(6, '0')}`,
        accountNumber: A,
        status: 'closed',
        patient: `Patient ${n}`,
        lines: [
          {
            eye: 'OD',
            lensId: 'ampleye',
            parameters: AMPLEYE_VALUES,
            quantity: 1,
            design: designSnapshot(design),
          },
        ],
        createdAt: at,
        statusAt: at,
        updatedAt: at,
        version: 2,
        ...overrides,
      });
      orders.rows.set(order.orderId, structuredClone(order));
      return order;
    },
  };
}

/** Observations whose settled clearance is far above the target: the rules suggest taking sag off. */
export const HIGH_CLEARANCE = {
  lens: { lensId: 'ampleye', landing: 'toric' },
  minutesOnEye: 60,
  centralClearanceUm: 500,
};

/** A consult as stored, for tests that start from one (the lab's side). */
export async function storedConsult(f: ConsultFixture, overrides: Partial<Omit<Consult, 'reference'>> = {}) {
  const at = f.clock.now.toISOString();
  return f.deps.consults.create(
    consultFields({
      consultId: numberedUuid(500 + f.deps.consults.rows.size),
      accountNumber: A,
      patient: 'PT-7',
      currentLens: { designName: 'Ampleye', lensId: 'ampleye', parameters: AMPLEYE_VALUES },
      question: 'What should I change?',
      createdAt: at,
      statusAt: at,
      updatedAt: at,
      ...overrides,
    }),
  );
}

/** A visitor's request (a lead) as stored: no account attribute at all (the byAccount index is sparse). */
export async function storedLead(f: ConsultFixture, overrides: Partial<Omit<Consult, 'reference'>> = {}) {
  const consult = await storedConsult(f, {
    source: 'public',
    requester: { name: 'Dr Lee', email: 'lee@lakeside.test', practiceName: 'Lakeside', licenceNumber: 'OD-1' },
    patient: 'JD',
    ...overrides,
  });
  const row = f.deps.consults.rows.get(consult.consultId)!;
  delete row.accountNumber;
  return { ...row };
}
