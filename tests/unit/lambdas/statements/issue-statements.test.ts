import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../../core/schemas/invoices';
import type { StatementDeps } from '../../../../lambdas/use-cases/statements';
import { correctStatement, issueMonthlyStatements } from '../../../../lambdas/use-cases/statements';
import { InMemoryMoneyStore } from '../../../support/in-memory-money';
import { memoryLogger } from '../../../support/in-memory-ports';
import { InMemoryOutbox } from '../../../support/in-memory-outbox';
import { InMemoryStatementStore } from '../../../support/in-memory-statements';
import { moneyEmails, sampleInvoice } from '../../../support/money-email-fakes';
import { InMemoryProductionSettings } from '../../../support/order-fakes';
import { testCustomers } from '../../../support/test-directory';

/** Noon in New York on a day (the default calendar's zone). */
const noonNY = (day: string) => new Date(`${day}T17:00:00.000Z`);

function setup(invoices: Invoice[], today = '2026-12-01') {
  const outbox = new InMemoryOutbox();
  const money = new InMemoryMoneyStore(outbox);
  for (const invoice of invoices) money.invoices.set(invoice.invoiceNumber, invoice);
  const statements = new InMemoryStatementStore(outbox);
  let now = noonNY(today);
  const deps: StatementDeps = {
    statements,
    money,
    customers: testCustomers([
      { accountNumber: 'BV-1001', company: 'Brightview Eye Care' },
      { accountNumber: 'QV-2002', company: 'Quiet Vision' },
    ]),
    production: new InMemoryProductionSettings(),
    log: memoryLogger().log,
    now: () => now,
    sleep: async () => {},
  };
  return { deps, statements, outbox, money, setNow: (day: string) => (now = noonNY(day)) };
}

const november = sampleInvoice({
  invoiceNumber: 'INV-11',
  accountNumber: 'BV-1001',
  totalCents: 40_850,
  balanceCents: 30_850,
  paidCents: 10_000,
  status: 'partially-paid',
  issuedAt: '2026-11-05T15:00:00.000Z',
  dueDate: '2026-12-05',
  settlements: [
    { settlementId: 's1', at: '2026-11-20T15:00:00.000Z', method: 'cheque', amountCents: 10_000, reference: '1042' },
  ],
});

describe('issueMonthlyStatements', () => {
  it('on the first business day, states last month for each account with activity and emails its users', async () => {
    const { deps, statements, outbox } = setup([november]);
    const report = await issueMonthlyStatements({}, deps);
    expect(report).toEqual({ day: '2026-12-01', month: '2026-11', issued: 1, alreadyIssued: 0, quiet: 1, failed: 0 });
    const stored = await statements.latest('BV-1001', '2026-11');
    expect(stored).toMatchObject({
      version: 1,
      practiceName: 'Brightview Eye Care',
      openingCents: 0,
      chargesCents: 40_850,
      paymentsCents: 10_000,
      closingCents: 30_850,
      aging: { current: 30_850 },
    });
    const [email] = moneyEmails(outbox, 'statement-issued');
    // The audience of invoice emails: an empty list is every user linked to the account.
    expect(email).toMatchObject({ statement: { accountNumber: 'BV-1001', month: '2026-11' }, to: [] });
    expect(email!.statement).not.toHaveProperty('lines');
  });

  it('does nothing on any other day', async () => {
    const { deps, statements } = setup([november], '2026-12-02');
    const report = await issueMonthlyStatements({}, deps);
    expect(report).toEqual({ day: '2026-12-02', issued: 0, alreadyIssued: 0, quiet: 0, failed: 0 });
    expect(statements.items.size).toBe(0);
  });

  it('waits past a weekend and a holiday for the first business day', async () => {
    // 2027-01-01 is New Year's Day (a Friday): the first business day is Monday the 4th.
    const { deps } = setup([november], '2027-01-01');
    expect((await issueMonthlyStatements({}, deps)).issued).toBe(0);
    expect((await issueMonthlyStatements({ day: '2027-01-04' }, deps)).month).toBe('2026-12');
  });

  it('issues once however often it runs: a second run writes and emails nothing', async () => {
    const { deps, statements, outbox } = setup([november]);
    await issueMonthlyStatements({}, deps);
    const again = await issueMonthlyStatements({}, deps);
    expect(again).toMatchObject({ issued: 0, alreadyIssued: 1 });
    expect(statements.items.size).toBe(1);
    expect(moneyEmails(outbox, 'statement-issued')).toHaveLength(1);
  });

  it('forced for a day (the command), states the month before it even off the first business day', async () => {
    const { deps } = setup([november], '2026-12-15');
    expect(await issueMonthlyStatements({ day: '2026-12-09', force: true }, deps)).toMatchObject({
      month: '2026-11',
      issued: 1,
    });
  });

  it('opens each month at the previous statement’s closing', async () => {
    const paidInDecember = {
      ...november,
      settlements: [
        ...november.settlements,
        { settlementId: 's2', at: '2026-12-10T15:00:00.000Z', method: 'card' as const, amountCents: 30_850 },
      ],
    };
    const { deps, statements, money } = setup([november]);
    await issueMonthlyStatements({}, deps);
    money.invoices.set(november.invoiceNumber, paidInDecember);
    await issueMonthlyStatements({ day: '2027-01-04' }, deps);
    expect(await statements.latest('BV-1001', '2026-12')).toMatchObject({
      openingCents: 30_850,
      paymentsCents: 30_850,
      closingCents: 0,
    });
  });

  it('goes on with the other accounts when one fails, and counts it', async () => {
    const { deps, statements } = setup([november, { ...november, invoiceNumber: 'INV-12', accountNumber: 'QV-2002' }]);
    const issue = statements.issue.bind(statements);
    statements.issue = async (statement, notices) => {
      if (statement.accountNumber === 'BV-1001') throw new Error('DynamoDB unavailable');
      return issue(statement, notices);
    };
    expect(await issueMonthlyStatements({}, deps)).toMatchObject({ issued: 1, failed: 1 });
  });
});

describe('correctStatement', () => {
  const lab = { userId: 'u-lab', name: 'Lara Lab' };

  it('writes the next version from the history as it is now and keeps the earlier one unchanged', async () => {
    const { deps, statements, money, outbox } = setup([november]);
    await issueMonthlyStatements({}, deps);
    // A check received in November, recorded after the statement went out.
    money.invoices.set(november.invoiceNumber, {
      ...november,
      settlements: [
        ...november.settlements,
        { settlementId: 's3', at: '2026-11-28T15:00:00.000Z', method: 'cheque', amountCents: 850, reference: '1043' },
      ],
    });
    const corrected = await correctStatement(
      { accountNumber: 'BV-1001', month: '2026-11', reason: 'Check 1043 recorded late' },
      lab,
      deps,
    );
    expect(corrected).toMatchObject({ version: 2, closingCents: 30_000, correctedBy: lab });
    expect((await statements.get('BV-1001', '2026-11', 1))?.closingCents).toBe(30_850);
    expect((await statements.latest('BV-1001', '2026-11'))?.version).toBe(2);
    expect(moneyEmails(outbox, 'statement-issued').map((e) => e.statement.version)).toEqual([1, 2]);
  });

  it('refuses a month that was never stated, with a not-found', async () => {
    const { deps } = setup([november]);
    await expect(
      correctStatement({ accountNumber: 'BV-1001', month: '2026-10', reason: 'x' }, lab, deps),
    ).rejects.toMatchObject({ status: 'not-found' });
  });
});
