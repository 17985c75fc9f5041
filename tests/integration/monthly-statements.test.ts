import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statementDeps } from '../../lambdas/jobs/monthly-statements';
import { dynamoMoneyStore } from '../../lambdas/adapters/dynamo-money-store';
import { companySortKey } from '../../lambdas/search/customer-sort-key';
import { correctStatement, issueMonthlyStatements } from '../../lambdas/use-cases/statements';
import { customerRow, putRow } from '../support/dynamo-rows';
import { sampleInvoice } from '../support/money-email-fakes';

/**
 * The monthly statements job on the emulators, with the adapters its Lambda uses: practices from the customers
 * index, their invoices, the lab's calendar, the statements table and the outbox. A month far ahead (January
 * 2031, issued as on 2031-02-03), so no other test's data is in it; only this file's account is asserted on.
 */
describe('monthly statements on DynamoDB', () => {
  it('issues once per account and month, and a correction as version 2 beside the first, which stays', async () => {
    const accountNumber = `MS-${randomUUID().slice(0, 8).toUpperCase()}`;
    const company = `Statement Practice ${accountNumber}`;
    await putRow(
      'customers',
      customerRow(accountNumber, { company, companyKey: companySortKey(company, accountNumber) }),
    );
    const money = dynamoMoneyStore();
    const invoice = sampleInvoice({
      invoiceNumber: `INV-${accountNumber}`,
      accountNumber,
      totalCents: 40_850,
      balanceCents: 30_850,
      paidCents: 10_000,
      status: 'partially-paid',
      issuedAt: '2031-01-06T15:00:00.000Z',
      dueDate: '2031-02-05',
      settlements: [
        {
          settlementId: 's1',
          at: '2031-01-20T15:00:00.000Z',
          method: 'cheque',
          amountCents: 10_000,
          reference: '1042',
        },
      ],
      version: 0,
    });
    await money.commit({ invoices: [{ invoice, expectedVersion: null }] });

    const deps = { ...statementDeps(), now: () => new Date('2031-02-03T16:00:00.000Z') };
    const first = await issueMonthlyStatements({ day: '2031-02-03', force: true }, deps);
    expect(first.failed).toBe(0);
    const issued = await deps.statements.latest(accountNumber, '2031-01');
    expect(issued).toMatchObject({
      version: 1,
      practiceName: company,
      openingCents: 0,
      chargesCents: 40_850,
      paymentsCents: 10_000,
      closingCents: 30_850,
      aging: { current: 30_850 },
    });

    await issueMonthlyStatements({ day: '2031-02-03', force: true }, deps);
    const versions = (await deps.statements.listAccount(accountNumber, 10)).items;
    expect(versions.map((s) => s.version)).toEqual([1]);

    const corrected = await correctStatement(
      { accountNumber, month: '2031-01', reason: 'Checked again' },
      { userId: 'u-lab', name: 'Lara Lab' },
      deps,
    );
    expect(corrected.version).toBe(2);
    expect((await deps.statements.get(accountNumber, '2031-01', 1))?.issuedAt).toBe(issued?.issuedAt);
  });
});
