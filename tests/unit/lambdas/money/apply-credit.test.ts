import { beforeEach, describe, expect, it } from 'vitest';
import { applyCreditToInvoiceInputSchema } from '../../../../core/schemas/credit';
import { applyCreditToInvoice, CREDIT_ENTRY_REUSED } from '../../../../lambdas/use-cases/invoices/apply-credit';
import { A, lab, moneyFixture, refusal, uuid, type MoneyFixture } from './money-fixture';

let f: MoneyFixture;
beforeEach(() => {
  f = moneyFixture();
});

const apply = (input: { entryId: string; amountCents: number; invoiceNumber?: string }) =>
  applyCreditToInvoice(lab, applyCreditToInvoiceInputSchema.parse({ invoiceNumber: 'INV-1', ...input }), f.deps);

describe('the billing desk applies an account’s credit to an invoice', () => {
  it('moves the credit onto the invoice and into the ledger in one change', async () => {
    f.invoice('INV-1', 10_000);
    await f.grantCredit(A, 6_000);
    const invoice = await apply({ entryId: uuid(1), amountCents: 4_000 });
    expect(invoice).toMatchObject({ status: 'partially-paid', creditedCents: 4_000, balanceCents: 6_000 });
    expect(invoice.settlements).toEqual([
      expect.objectContaining({
        settlementId: uuid(1),
        method: 'credit',
        amountCents: 4_000,
        recordedBy: expect.anything(),
      }),
    ]);
    expect((await f.deps.money.getCreditBalance(A)).availableCents).toBe(2_000);
    expect(await f.deps.money.getCreditEntry(A, uuid(1))).toMatchObject({
      kind: 'apply',
      reason: 'invoice',
      invoiceNumber: 'INV-1',
      amountCents: 4_000,
      balanceAfterCents: 2_000,
    });
  });

  it('never applies more than the credit available, and says how much there is', async () => {
    f.invoice('INV-1', 10_000);
    await f.grantCredit(A, 3_000);
    expect(await refusal(apply({ entryId: uuid(1), amountCents: 3_001 }))).toEqual({
      status: 'invalid-argument',
      message: 'More than the credit account ACC-A has ($30.00).',
    });
    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({ creditedCents: 0, version: 0 });
  });

  it('never applies more than the invoice still owes', async () => {
    f.invoice('INV-1', 2_000);
    await f.grantCredit(A, 9_000);
    expect(await refusal(apply({ entryId: uuid(1), amountCents: 2_001 }))).toEqual({
      status: 'invalid-argument',
      message: 'More than invoice INV-1 still owes ($20.00).',
    });
  });

  it('concurrent applies never take more than the balance: with $25 of credit, two of five $10 applies land', async () => {
    f.invoice('INV-1', 100_000);
    await f.grantCredit(A, 2_500);
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((n) => apply({ entryId: uuid(n), amountCents: 1_000 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect((await f.deps.money.getCreditBalance(A)).availableCents).toBe(500);
    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({ creditedCents: 2_000 });
  });

  it('a retry with the same entry id applies once; the same id with another amount is a 409', async () => {
    f.invoice('INV-1', 10_000);
    await f.grantCredit(A, 6_000);
    await apply({ entryId: uuid(1), amountCents: 1_000 });
    const again = await apply({ entryId: uuid(1), amountCents: 1_000 });
    expect(again).toMatchObject({ creditedCents: 1_000 });
    expect((await f.deps.money.getCreditBalance(A)).availableCents).toBe(5_000);
    expect(await refusal(apply({ entryId: uuid(1), amountCents: 2_000 }))).toEqual({
      status: 'aborted',
      message: CREDIT_ENTRY_REUSED,
    });
  });

  it('refuses a paid or void invoice, and an unknown one as not found', async () => {
    f.invoice('INV-1', 1_000, { status: 'void' });
    await f.grantCredit(A, 6_000);
    expect(await refusal(apply({ entryId: uuid(1), amountCents: 100 }))).toEqual({
      status: 'aborted',
      message: 'Invoice INV-1 is void.',
    });
    expect((await refusal(apply({ entryId: uuid(2), amountCents: 100, invoiceNumber: 'NOPE-1' }))).status).toBe(
      'not-found',
    );
  });
});
