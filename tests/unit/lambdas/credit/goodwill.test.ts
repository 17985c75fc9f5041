import { beforeEach, describe, expect, it } from 'vitest';
import { grantGoodwillCreditInputSchema } from '../../../../core/schemas/credit';
import { ENTRY_ID_USED, grantGoodwillCredit } from '../../../../lambdas/use-cases/credit/grant-goodwill-credit';
import { moneyEmails } from '../../../support/money-email-fakes';
import { A, creditFixture, lab, refusal, uuid, type CreditFixture } from './credit-fixture';

let f: CreditFixture;
beforeEach(() => {
  f = creditFixture();
});

const grant = (overrides: Record<string, unknown> = {}) =>
  grantGoodwillCredit(
    lab,
    grantGoodwillCreditInputSchema.parse({
      entryId: uuid(1),
      accountNumber: A,
      amountCents: 2_500,
      note: 'Sorry for the late delivery',
      ...overrides,
    }),
    f.deps,
  );

describe('grantGoodwillCredit (the lab gives credit with a note)', () => {
  it('appends a goodwill grant with the note and the granting admin, and emails the account', async () => {
    const { entry, approval } = await grant();
    expect(approval).toBeNull();
    expect(entry).toMatchObject({
      entryId: uuid(1),
      accountNumber: A,
      kind: 'grant',
      reason: 'goodwill',
      amountCents: 2_500,
      balanceAfterCents: 2_500,
      note: 'Sorry for the late delivery',
      by: { userId: 'u-lab', name: 'Lara Test' },
    });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 2_500, pendingCents: 0 });
    expect(moneyEmails(f.outbox, 'credit-granted')).toEqual([{ kind: 'credit-granted', entry, to: [] }]);
  });

  it('idempotent by entryId: a retry answers the same entry, credits and emails once', async () => {
    const first = await grant();
    f.clock.now = new Date(f.clock.now.getTime() + 5_000);
    expect(await grant()).toEqual(first);
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 2_500 });
    expect(moneyEmails(f.outbox, 'credit-granted')).toHaveLength(1);
  });

  it('concurrent grants with one entryId credit once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => grant()));
    expect(new Set(answers.map((a) => a.entry!.entryId)).size).toBe(1);
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 2_500 });
    expect((await f.deps.money.listCreditEntries(A, 20)).items).toHaveLength(1);
    // The grants whose commit was refused stored no email.
    expect(moneyEmails(f.outbox, 'credit-granted')).toHaveLength(1);
  });

  it('an entryId reused for another amount is refused (409), and the balance stays', async () => {
    await grant();
    expect((await refusal(grant({ amountCents: 9_999 }))).status).toBe('aborted');
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 2_500 });
  });

  it('an entryId re-sent with another note is a 409 with a clear message; the same contents stay idempotent (docs/decisions/0090-a-credit-entry-id-is-used-once.md)', async () => {
    const first = await grant();
    expect(await refusal(grant({ note: 'Another reason' }))).toEqual({ status: 'aborted', message: ENTRY_ID_USED });
    expect(await grant({ note: '  Sorry for the late delivery ' })).toEqual(first);
    expect((await f.deps.money.listCreditEntries(A, 20)).items).toHaveLength(1);
  });

  it('a note is required: the schema refuses none or blanks, the use case refuses blanks too', async () => {
    const base = { entryId: uuid(2), accountNumber: A, amountCents: 100 };
    expect(grantGoodwillCreditInputSchema.safeParse(base).success).toBe(false);
    expect(grantGoodwillCreditInputSchema.safeParse({ ...base, note: '   ' }).success).toBe(false);
    expect((await refusal(grantGoodwillCredit(lab, { ...base, note: '  ' }, f.deps))).status).toBe('invalid-argument');
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ exists: false });
  });

  it('amounts are whole cents above $0 and at most $10,000', () => {
    const base = { entryId: uuid(2), accountNumber: A, note: 'x' };
    for (const amountCents of [0, -5, 12.5, 1_000_001])
      expect(grantGoodwillCreditInputSchema.safeParse({ ...base, amountCents }).success, String(amountCents)).toBe(
        false,
      );
    expect(grantGoodwillCreditInputSchema.safeParse({ ...base, amountCents: 1_000_000 }).success).toBe(true);
  });

  it('an account no practice has is refused with a message', async () => {
    expect(await refusal(grant({ accountNumber: 'NOPE-1' }))).toEqual({
      status: 'invalid-argument',
      message: 'No practice has account number NOPE-1.',
    });
  });

  it('a refused commit (another change to the balance) is re-read and granted on the new balance', async () => {
    await grant();
    f.deps.money.failNextCommit('conflict');
    const second = await grant({ entryId: uuid(3), amountCents: 1_000 });
    expect(second.entry!.balanceAfterCents).toBe(3_500);
  });
});
