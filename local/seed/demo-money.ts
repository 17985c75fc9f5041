import { describeError } from '../../core/describe-error';
import { shippedAtOf } from '../../core/rules/warranty';
import { createInvoiceInputSchema, recordOfflinePaymentInputSchema } from '../../core/schemas/invoices';
import type { Identity } from '../../lambdas/auth/verify-token';
import type { Logger } from '../../lambdas/ports/logger';
import type { CreditSettingsStore, MoneyStore } from '../../lambdas/ports/money-store';
import { creditChange } from '../../lambdas/use-cases/credit/credit-moves';
import { createInvoice, recordOfflinePayment } from '../../lambdas/use-cases/invoices/invoices';
import { invoiceForClose } from '../../lambdas/use-cases/invoices/issue-invoice';
import type { InvoiceDeps } from '../../lambdas/use-cases/invoices/invoice-deps';
import type { OrderDeps } from '../../lambdas/use-cases/orders/order-deps';
import { DEMO_ORDERS, demoInvoiceNumber, demoTime } from './demo-orders';
import type { DemoUser } from './demo-data';

/**
 * Demo money, so Pay Online and Lens Credit show a practice in use: the invoices of the
 * shipped demo orders (issued as the lab's close issues them), one paid in full with a cheque that was a
 * little too much (the rest became credit), one partly paid and overdue, open ones, an invoice the lab
 * recorded by hand, and a goodwill credit. Written through the money use cases with a scripted clock, their
 * emails left out of the commits (`withoutNotices`). Idempotent: an invoice that exists is left alone, and the
 * payments and credit are written once (the hand-recorded invoice marks that they were).
 */

type DemoUserIds = Record<DemoUser['key'], { userId: string; email: string }>;
export type DemoMoneyDeps = Pick<OrderDeps, 'orders' | 'users' | 'customers'> & {
  money: MoneyStore;
  creditSettings: CreditSettingsStore;
};

/** The demo's money is history, not news: seeding must not fill the dev mailbox through the outbox. */
const withoutNotices = (store: MoneyStore): MoneyStore => ({
  ...store,
  commit: ({ notices: _notices, ...change }) => store.commit(change),
});
const QUIET_LOG: Pick<Logger, 'info' | 'warn' | 'error'> = { info: () => {}, warn: () => {}, error: () => {} };
/** Written last: when it exists, the demo payments and credit were written before. */
const MARKER_INVOICE = 'MAN-24700';
const GOODWILL_ENTRY = '7b1e0c52-2f3a-4c6d-9e8f-0a1b2c3d4e50';

export async function seedDemoMoney(
  deps: DemoMoneyDeps,
  users: DemoUserIds,
  options: { now?: Date; warn?: (message: string) => void } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const lab: Identity = {
    userId: users.admin.userId,
    email: users.admin.email,
    emailVerified: true,
    groups: ['admin'],
    authTime: 0,
    issuedAt: 0,
  };
  let clock = now;
  const at = (daysAgo: number, hour = 16) => {
    clock = demoTime(now, daysAgo, hour);
  };
  const customers = deps.customers ?? { get: async () => null };
  const money: InvoiceDeps & { creditSettings: CreditSettingsStore } = {
    money: withoutNotices(deps.money),
    creditSettings: deps.creditSettings,
    users: deps.users,
    customers,
    log: QUIET_LOG,
    now: () => clock,
    sleep: async () => {},
  };

  // Every shipped demo order has its invoice (also for data seeded before invoices existed).
  for (const demo of DEMO_ORDERS) {
    const invoiceNumber = demoInvoiceNumber(demo);
    if (!invoiceNumber) continue;
    try {
      const order = await deps.orders.get(demo.orderId);
      if (!order || order.status !== 'closed' || (await deps.money.getInvoice(invoiceNumber))) continue;
      const shippedAt = shippedAtOf(order) ?? order.statusAt;
      const write = await invoiceForClose(
        order,
        { invoiceNumber: invoiceNumber, taxCents: 0 },
        { userId: lab.userId, name: 'Lenslab order desk' },
        shippedAt,
        { money: deps.money, customers },
      );
      await deps.money.commit({ invoices: [write] });
    } catch (error) {
      warn(`Demo invoice ${invoiceNumber} not seeded: ${describeError(error).message}`);
    }
  }

  if (await deps.money.getInvoice(MARKER_INVOICE)) return;
  try {
    const pay = async (
      invoiceNumber: string,
      daysAgo: number,
      method: 'cheque' | 'bank-transfer',
      extraCents: number,
      reference: string,
      partCents?: number,
    ) => {
      const invoice = await deps.money.getInvoice(invoiceNumber);
      if (!invoice || invoice.status === 'paid') return;
      at(daysAgo);
      await recordOfflinePayment(
        lab,
        recordOfflinePaymentInputSchema.parse({
          invoiceNumber,
          version: invoice.version,
          method,
          amountCents: (partCents ?? invoice.balanceCents) + extraCents,
          reference,
        }),
        money,
      );
    };
    // Paid in full by cheque, $12.50 too much: the rest became the practice's credit.
    await pay('INV-24655', 85, 'cheque', 1_250, 'Check 10482');
    // Part paid by bank transfer; the rest is now past its due date.
    await pay('INV-24817', 20, 'bank-transfer', 0, 'ACH 88213', 20_000);

    at(40);
    const balance = await deps.money.getCreditBalance('BV-1001');
    if (!(await deps.money.getCreditEntry('BV-1001', GOODWILL_ENTRY)))
      await deps.money.commit({
        credit: [
          creditChange(balance, [
            {
              kind: 'grant',
              amountCents: 2_500,
              fields: {
                entryId: GOODWILL_ENTRY,
                at: clock.toISOString(),
                reason: 'goodwill',
                by: { userId: lab.userId, name: 'Lenslab order desk' },
                note: 'Sorry for the late delivery of the Horizon remake.',
              },
            },
          ]),
        ],
      });

    at(8);
    await createInvoice(
      lab,
      createInvoiceInputSchema.parse({
        invoiceNumber: MARKER_INVOICE,
        accountNumber: 'BV-1001',
        lines: [{ description: 'Scleral diagnostic fitting set, monthly rental', quantity: 1, unitCents: 4_500 }],
        shippingCents: 850,
      }),
      money,
    );
  } catch (error) {
    warn(`Demo payments and credit not seeded: ${describeError(error).message}`);
  }
}
