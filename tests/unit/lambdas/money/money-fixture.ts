import { AppError } from '../../../../core/errors';
import { createLogger } from '../../../../lambdas/http/logger';
import type { Invoice } from '../../../../core/schemas/invoices';
import type { InvoiceDeps } from '../../../../lambdas/use-cases/invoices/invoice-deps';
import type { PaymentDeps } from '../../../../lambdas/use-cases/payments/payment-deps';
import { withTotals } from '../../../../lambdas/use-cases/invoices/invoice-views';
import { identity, numberedUuid, practiceAnn } from '../../../support/identities';
import { InMemoryGateway } from '../../../support/in-memory-gateway';
import { InMemoryCreditSettings, InMemoryMoneyStore } from '../../../support/in-memory-money';
import { InMemoryOutbox } from '../../../support/in-memory-outbox';
import { testCustomers, testUsers } from '../../../support/test-directory';

export const A = 'ACC-A';
export const B = 'ACC-B';
export { practiceAnn as practice, numberedUuid as uuid };
export const outsider = identity(['customer'], { userId: 'u-eve', email: 'eve@b.test' });
export const lab = identity(['admin'], { userId: 'u-lab', email: 'lab@lab.test' });
/** Practice A's biller: its money, not its patients (docs/decisions/0112-practice-roles.md). */
export const biller = identity(['customer'], { userId: 'u-bill', email: 'bill@a.test' });

export interface MoneyFixture {
  deps: PaymentDeps &
    InvoiceDeps & {
      money: InMemoryMoneyStore;
      gateway: InMemoryGateway;
      creditSettings: InMemoryCreditSettings;
    };
  /** Where the money store's commits put their emails. */
  outbox: InMemoryOutbox;
  clock: { now: Date };
  invoice(number: string, totalCents: number, overrides?: Partial<Invoice>): Invoice;
  grantCredit(accountNumber: string, cents: number): Promise<void>;
}

/** Two practices (A: Ann; B: Eve), one lab admin, an in-memory money store (with its outbox) and gateway. */
export function moneyFixture(): MoneyFixture {
  const users = testUsers([
    { userId: 'u-ann', email: 'ann@a.test', accountNumber: A, firstName: 'Ann' },
    { userId: 'u-eve', email: 'eve@b.test', accountNumber: B, firstName: 'Eve' },
    { userId: 'u-lab', email: 'lab@lab.test', accountNumber: 'LAB', firstName: 'Lara' },
    {
      userId: 'u-bill',
      email: 'bill@a.test',
      accountNumber: A,
      firstName: 'Bill',
      practiceRoles: { [A]: ['billing'] },
    },
  ]);
  const customers = testCustomers(
    [A, B].map((accountNumber) => ({ accountNumber, company: `Practice ${accountNumber}`, paymentTermsDays: 30 })),
  );
  const clock = { now: new Date('2026-03-01T10:00:00.000Z') };
  const outbox = new InMemoryOutbox();
  const money = new InMemoryMoneyStore(outbox);
  const deps = {
    money,
    users,
    customers,
    gateway: new InMemoryGateway(),
    creditSettings: new InMemoryCreditSettings(),
    log: createLogger({ route: 'test' }, () => {}),
    now: () => clock.now,
    sleep: async () => {},
  };
  return {
    deps,
    outbox,
    clock,
    invoice(number, totalCents, overrides = {}) {
      const invoice = withTotals({
        invoiceNumber: number,
        accountNumber: A,
        orderIds: [],
        lines: [{ description: 'Scleral lens', quantity: 1, unitCents: totalCents, amountCents: totalCents }],
        shippingCents: 0,
        taxCents: 0,
        status: 'open',
        issuedAt: '2026-02-20T10:00:00.000Z',
        dueDate: '2026-03-22',
        settlements: [],
        createdBy: { userId: 'u-lab', name: 'Lara' },
        updatedAt: '2026-02-20T10:00:00.000Z',
        version: 0,
        ...overrides,
      });
      money.invoices.set(number, invoice);
      return invoice;
    },
    async grantCredit(accountNumber, cents) {
      const balance = await money.getCreditBalance(accountNumber);
      await money.commit({
        credit: [
          {
            accountNumber,
            entries: [
              {
                accountNumber,
                entryId: numberedUuid(900 + (cents % 97)),
                at: '2026-02-01T00:00:00.000Z',
                kind: 'grant',
                reason: 'goodwill',
                amountCents: cents,
                balanceAfterCents: balance.availableCents + cents,
                by: { userId: 'u-lab', name: 'Lara' },
              },
            ],
            balance: { availableCents: balance.availableCents + cents, pendingCents: balance.pendingCents },
            expectedVersion: balance.exists ? balance.version : null,
          },
        ],
      });
    },
  };
}

/** The status and message of a refused call (an AppError), for asserting what the caller is told. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}
