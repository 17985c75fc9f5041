import { describe, expect, it } from 'vitest';
import { seedDemoStatements } from '../../../local/seed/demo-statements';
import { InMemoryMoneyStore } from '../../support/in-memory-money';
import { InMemoryStatementStore } from '../../support/in-memory-statements';
import { sampleInvoice } from '../../support/money-email-fakes';
import { InMemoryProductionSettings } from '../../support/order-fakes';
import { testCustomers } from '../../support/test-directory';

describe('demo statements', () => {
  it('states the two months before today for each account with money, chained, without emails, once', async () => {
    const money = new InMemoryMoneyStore();
    money.invoices.set(
      'INV-1',
      sampleInvoice({ issuedAt: '2026-10-12T15:00:00.000Z', dueDate: '2026-11-11', totalCents: 40_850 }),
    );
    const statements = new InMemoryStatementStore();
    const deps = {
      statements,
      money,
      customers: testCustomers([{ accountNumber: 'BV-1001' }]),
      production: new InMemoryProductionSettings(),
    };
    const now = new Date('2026-12-03T15:00:00.000Z');
    await seedDemoStatements(deps, { now });
    await seedDemoStatements(deps, { now });

    const october = await statements.latest('BV-1001', '2026-10');
    const november = await statements.latest('BV-1001', '2026-11');
    expect(october).toMatchObject({ version: 1, chargesCents: 40_850, closingCents: 40_850 });
    expect(november).toMatchObject({ version: 1, openingCents: 40_850, closingCents: 40_850 });
    expect(november?.aging.days1To30).toBe(40_850);
    expect(statements.items.size).toBe(2);
    expect(statements.outbox.messages()).toEqual([]);
  });
});
