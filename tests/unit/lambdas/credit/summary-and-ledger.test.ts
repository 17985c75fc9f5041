import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountInputSchema,
  creditLedgerPageSchema,
  creditSummarySchema,
  type CreditEntry,
} from '../../../../core/schemas/credit';
import { counterNames } from '../../../../lambdas/ports/orders-repository';
import { csvField, guardFormula, ledgerCsv, plainDollars } from '../../../../lambdas/use-cases/credit/credit-csv';
import { decideWarrantyClaim } from '../../../../lambdas/use-cases/credit/decide-warranty-claim';
import { exportCreditLedger } from '../../../../lambdas/use-cases/credit/export-credit-ledger';
import { getCreditSummary } from '../../../../lambdas/use-cases/credit/get-credit-summary';
import { grantGoodwillCredit } from '../../../../lambdas/use-cases/credit/grant-goodwill-credit';
import { listCreditLedger } from '../../../../lambdas/use-cases/credit/list-credit-ledger';
import { submitWarrantyClaim } from '../../../../lambdas/use-cases/credit/submit-warranty-claim';
import { A, B, creditFixture, lab, outsider, practice, refusal, uuid, type CreditFixture } from './credit-fixture';

let f: CreditFixture;
beforeEach(() => {
  f = creditFixture();
});

const claim = (n: number, claimN: number, extra: Record<string, unknown> = {}) =>
  submitWarrantyClaim(
    practice,
    {
      claimId: uuid(500 + claimN),
      accountNumber: A,
      orderId: uuid(n),
      eye: 'OD',
      kind: 'cancellation',
      note: 'Did not adapt',
      ...extra,
    } as never,
    f.deps,
  );

const goodwill = (n: number, amountCents: number, note = 'Goodwill') =>
  grantGoodwillCredit(lab, { entryId: uuid(700 + n), accountNumber: A, amountCents, note }, f.deps);

describe('getCreditSummary (the Lens Credit page)', () => {
  it('lists every shipped lens still in its window with days left, soonest first; ended and unshipped ones are left out', async () => {
    f.shippedOrder(1, { shippedDaysAgo: 10, eyes: ['OD', 'OS'] });
    f.shippedOrder(2, { shippedDaysAgo: 80 }); // 10 days left: ending soon
    f.shippedOrder(3, { shippedDaysAgo: 91 }); // ended
    f.shippedOrder(4, { status: 'approved' }); // not shipped
    f.shippedOrder(5, { accountNumber: B }); // another practice
    const summary = creditSummarySchema.parse(await getCreditSummary(practice, { accountNumber: A }, f.deps));
    expect(summary.lensesInWarranty.map((l) => [l.orderNumber, l.eye, l.daysLeft, l.endingSoon])).toEqual([
      ['LL-000002', 'OD', 10, true],
      ['LL-000001', 'OD', 80, false],
      ['LL-000001', 'OS', 80, false],
    ]);
    expect(summary.lensesInWarranty[0]).toMatchObject({
      patient: 'Patient 2',
      lensName: 'Test Scleral',
      windowEndsAt: new Date(f.clock.now.getTime() + 10 * 86_400_000).toISOString(),
    });
  });

  it('a lens whose order sat as a draft for years before it was placed is listed by when it was placed', async () => {
    f.shippedOrder(1, { shippedDaysAgo: 10, draftDays: 1_200 });
    f.shippedOrder(2, { shippedDaysAgo: 20 });
    const summary = creditSummarySchema.parse(await getCreditSummary(practice, { accountNumber: A }, f.deps));
    expect(summary.lensesInWarranty.map((l) => l.orderNumber)).toEqual(['LL-000002', 'LL-000001']);
  });

  it("shows each lens's policy: exchanges used of allowed, the exchange fee, the cancellation credit, return", async () => {
    f.shippedOrder(1, {
      quantity: 2,
      policy: { exchangesPerEye: 2, exchangeFeeCents: 1_000, cancellationCreditPercent: 50, returnRequired: false },
    });
    f.deps.orders.counterValues.set(counterNames.exchanges(uuid(1), 'OD'), 1);
    const [lens] = (await getCreditSummary(practice, { accountNumber: A }, f.deps)).lensesInWarranty;
    expect(lens).toMatchObject({
      exchangesUsed: 1,
      exchangesAllowed: 2,
      exchangeFeeCents: 1_000,
      cancellationCreditCents: 40_000,
      returnRequired: false,
    });
    expect(lens).not.toHaveProperty('openClaimId');
  });

  it('a lens with a live claim carries its id; a denied claim frees the lens', async () => {
    f.shippedOrder(1, { eyes: ['OD', 'OS'] });
    const open = await claim(1, 1);
    await claim(1, 2, { eye: 'OS' });
    await decideWarrantyClaim(
      lab,
      { claimId: uuid(502), version: 0, decision: 'deny', reason: 'Diagnostic lens' },
      f.deps,
    );
    const summary = await getCreditSummary(practice, { accountNumber: A }, f.deps);
    const byEye = Object.fromEntries(summary.lensesInWarranty.map((l) => [l.eye, l]));
    expect(byEye['OD']!.openClaimId).toBe(open.claimId);
    expect(byEye['OS']!.openClaimId).toBeUndefined();
    expect(summary.claims.map((c) => c.status).sort()).toEqual(['denied', 'submitted']);
  });

  it('shows available and pending balances; customers never see who submitted or decided', async () => {
    f.shippedOrder(1, { policy: { returnRequired: true } });
    await goodwill(1, 1_500);
    await claim(1, 1);
    await decideWarrantyClaim(lab, { claimId: uuid(501), version: 0, decision: 'approve' }, f.deps);
    const summary = await getCreditSummary(practice, { accountNumber: A }, f.deps);
    expect(summary).toMatchObject({ accountNumber: A, availableCents: 1_500, pendingCents: 40_000 });
    expect(summary.claims[0]).not.toHaveProperty('submittedBy');
    expect(summary.claims[0]).not.toHaveProperty('decidedBy');
    expect(summary.claims[0]!.status).toBe('awaiting-return');
  });

  it("another practice's account is not-found; the lab sees any account", async () => {
    expect(await refusal(getCreditSummary(outsider, { accountNumber: A }, f.deps))).toEqual({
      status: 'not-found',
      message: 'Account not found',
    });
    expect(
      (await getCreditSummary(lab, accountInputSchema.parse({ accountNumber: 'acc-a' }), f.deps)).accountNumber,
    ).toBe(A);
  });

  it('an empty account answers zeros and empty lists', async () => {
    expect(await getCreditSummary(practice, { accountNumber: A }, f.deps)).toEqual({
      accountNumber: A,
      availableCents: 0,
      pendingCents: 0,
      lensesInWarranty: [],
      claims: [],
    });
  });
});

describe('listCreditLedger', () => {
  it('pages newest first without the granting admin', async () => {
    for (let i = 1; i <= 3; i++) {
      f.clock.now = new Date(Date.parse('2026-03-01T10:00:00.000Z') + i * 60_000);
      await goodwill(i, i * 100);
    }
    const first = creditLedgerPageSchema.parse(
      await listCreditLedger(practice, { accountNumber: A, limit: 2 }, f.deps),
    );
    expect(first.items.map((e) => e.amountCents)).toEqual([300, 200]);
    expect(first.items[0]).not.toHaveProperty('by');
    const second = await listCreditLedger(practice, { accountNumber: A, limit: 2, cursor: first.nextCursor! }, f.deps);
    expect(second.items.map((e) => e.amountCents)).toEqual([100]);
    expect(second.nextCursor).toBeNull();
  });

  it("another practice's ledger is not-found", async () => {
    await goodwill(1, 100);
    expect((await refusal(listCreditLedger(outsider, { accountNumber: A, limit: 10 }, f.deps))).status).toBe(
      'not-found',
    );
  });
});

describe('exportCreditLedger (CSV for the practice reconciliation)', () => {
  it('has a header row, then every entry oldest first with plain dollar amounts', async () => {
    f.clock.now = new Date('2026-03-01T10:00:00.000Z');
    // Under the $1,000 approval threshold, so granted at once.
    await goodwill(1, 98_765, 'First');
    f.clock.now = new Date('2026-03-02T10:00:00.000Z');
    await goodwill(2, 5, 'Second');
    const { filename, csv } = await exportCreditLedger(
      practice,
      accountInputSchema.parse({ accountNumber: 'acc-a' }),
      f.deps,
    );
    expect(filename).toBe('lens-credit-ACC-A-2026-03-02.csv');
    expect(csv.split('\r\n')).toEqual([
      'Date,Kind,Reason,Amount,Balance after,Order number,Eye,Invoice,Note',
      '2026-03-01T10:00:00.000Z,grant,goodwill,987.65,987.65,,,,First',
      '2026-03-02T10:00:00.000Z,grant,goodwill,0.05,987.70,,,,Second',
      '',
    ]);
    expect(csv).not.toContain('Lara');
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as a formula', async () => {
    await goodwill(1, 100, '=HYPERLINK("http://evil.test","click"), then more');
    const { csv } = await exportCreditLedger(lab, { accountNumber: A }, f.deps);
    expect(csv.split('\r\n')[1]).toMatch(/,"'=HYPERLINK\(""http:\/\/evil\.test"",""click""\), then more"$/);
  });

  it("another practice's export is not-found", async () => {
    expect((await refusal(exportCreditLedger(outsider, { accountNumber: A }, f.deps))).status).toBe('not-found');
  });

  it('however long the ledger, one export reads at most 40 pages: bounded work stays inside the 29 s of a route', async () => {
    let reads = 0;
    const endless = Object.assign(Object.create(f.deps.money) as typeof f.deps.money, {
      listCreditEntries: async () => {
        reads += 1;
        return { items: [], nextCursor: `page-${reads}` };
      },
    });
    await exportCreditLedger(lab, { accountNumber: A }, { ...f.deps, money: endless });
    expect(reads).toBe(40);
  });
});

describe('CSV cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20', "'+44 20"],
    ['-3', "'-3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['plain', 'plain'],
    ['', ''],
    ['a=b', 'a=b'],
  ])('formula guard: %j -> %j', (value, guarded) => {
    expect(guardFormula(value)).toBe(guarded);
  });

  it.each([
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    ['\u200B=1+1', "'\u200B=1+1"],
    ['\uFEFF\uFF1D1', "'\uFEFF\uFF1D1"],
    ['\u2060\u200B@x', "'\u2060\u200B@x"],
    ['\u200Bplain', '\u200Bplain'],
    ['\uFF21', '\uFF21'],
  ])('the formula guard covers full-width signs and invisible characters before one: %j -> %j', (value, guarded) => {
    expect(guardFormula(value)).toBe(guarded);
  });

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['-1,"x"', `"'-1,""x"""`],
  ])('RFC 4180 quoting: %j -> %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('amounts are whole cents as plain dollars', () => {
    expect([0, 5, 100, 123_456].map(plainDollars)).toEqual(['0.00', '0.05', '1.00', '1234.56']);
  });

  it('an entry with order, eye and invoice fills those columns', () => {
    const entry: CreditEntry = {
      accountNumber: A,
      entryId: 'e',
      at: '2026-01-01T00:00:00.000Z',
      kind: 'apply',
      reason: 'invoice',
      amountCents: 250,
      balanceAfterCents: 0,
      by: { userId: 'u', name: 'n' },
      orderNumber: 'LL-000009',
      eye: 'OS',
      invoiceNumber: 'INV-9',
    };
    expect(ledgerCsv([entry]).split('\r\n')[1]).toBe(
      '2026-01-01T00:00:00.000Z,apply,invoice,2.50,0.00,LL-000009,OS,INV-9,',
    );
  });
});
