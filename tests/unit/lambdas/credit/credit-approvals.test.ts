import { beforeEach, describe, expect, it } from 'vitest';
import { grantGoodwillCreditInputSchema } from '../../../../core/schemas/credit';
import {
  APPROVAL_DECIDED,
  decideCreditApproval,
  listCreditApprovals,
  OWN_APPROVAL,
  SETTINGS_CHANGED,
  updateCreditSettings,
} from '../../../../lambdas/use-cases/credit/credit-approvals';
import { ENTRY_ID_USED, grantGoodwillCredit } from '../../../../lambdas/use-cases/credit/grant-goodwill-credit';
import { recordOfflinePayment } from '../../../../lambdas/use-cases/invoices/invoices';
import { identity } from '../../../support/identities';
import { moneyEmails } from '../../../support/money-email-fakes';
import { A, B, creditFixture, refusal, uuid, type CreditFixture } from './credit-fixture';

/** docs/decisions/0092-large-credit-needs-a-second-super-admin.md. */

const boss = identity(['admin', 'superadmin'], { userId: 'u-boss', email: 'boss@lab.test' });
const second = identity(['admin', 'superadmin'], { userId: 'u-second', email: 'second@lab.test' });

let f: CreditFixture;
beforeEach(async () => {
  f = creditFixture();
  // $1,000: the default, set here so the tests say it.
  await f.deps.creditSettings.put({ approvalThresholdCents: 100_000, version: 0 }, 0);
});

const grant = (amountCents: number, overrides: Record<string, unknown> = {}, caller = boss) =>
  grantGoodwillCredit(
    caller,
    grantGoodwillCreditInputSchema.parse({
      entryId: uuid(1),
      accountNumber: A,
      amountCents,
      note: 'Remake delays',
      ...overrides,
    }),
    f.deps,
  );

describe('credit above the threshold needs a second super admin', () => {
  it('a goodwill grant above the threshold waits, credits nothing and emails no one; at the threshold it is granted', async () => {
    const answer = await grant(1_000_000);
    expect(answer.entry).toBeNull();
    expect(answer.approval).toMatchObject({
      entryId: uuid(1),
      accountNumber: A,
      status: 'pending',
      amountCents: 1_000_000,
      requestedBy: { userId: 'u-boss' },
    });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ exists: false });
    expect(moneyEmails(f.outbox, 'credit-granted')).toEqual([]);
    expect((await listCreditApprovals({ limit: 50 }, f.deps)).items.map((a) => a.entryId)).toEqual([uuid(1)]);

    expect((await grant(100_000, { entryId: uuid(2) })).entry).toMatchObject({ amountCents: 100_000 });
  });

  it('the same person cannot approve their own grant (403); another super admin approves it into the ledger once', async () => {
    await grant(1_000_000);
    expect(
      await refusal(decideCreditApproval(boss, { entryId: uuid(1), version: 0, decision: 'approve' }, f.deps)),
    ).toEqual({
      status: 'permission-denied',
      message: OWN_APPROVAL,
    });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ exists: false });

    const approved = await decideCreditApproval(second, { entryId: uuid(1), version: 0, decision: 'approve' }, f.deps);
    expect(approved).toMatchObject({ status: 'approved', decidedBy: { userId: 'u-second' }, version: 1 });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 1_000_000 });
    const entry = await f.deps.money.getCreditEntry(A, uuid(1));
    expect(entry).toMatchObject({
      kind: 'grant',
      reason: 'goodwill',
      amountCents: 1_000_000,
      by: { userId: 'u-boss' },
    });
    expect(moneyEmails(f.outbox, 'credit-granted')).toEqual([{ kind: 'credit-granted', entry, to: [] }]);
    expect((await listCreditApprovals({ limit: 50 }, f.deps)).items).toEqual([]);

    // A retry answers the decision; a second grant of the same id answers the entry now in the ledger.
    expect(await decideCreditApproval(second, { entryId: uuid(1), version: 0, decision: 'approve' }, f.deps)).toEqual(
      approved,
    );
    expect((await grant(1_000_000)).entry).toEqual(entry);
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 1_000_000 });
    expect(moneyEmails(f.outbox, 'credit-granted')).toHaveLength(1);
  });

  it('a rejected grant records why and credits nothing; it cannot then be approved', async () => {
    await grant(1_000_000);
    const rejected = await decideCreditApproval(
      second,
      { entryId: uuid(1), version: 0, decision: 'reject', reason: 'Too much for a late delivery' },
      f.deps,
    );
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'Too much for a late delivery' });
    expect(
      await refusal(decideCreditApproval(second, { entryId: uuid(1), version: 1, decision: 'approve' }, f.deps)),
    ).toEqual({
      status: 'aborted',
      message: APPROVAL_DECIDED,
    });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ exists: false });
  });

  it('the entry id of a waiting grant re-sent with other contents (amount, note, account) is a 409; the same is idempotent', async () => {
    const first = await grant(1_000_000);
    expect(await grant(1_000_000)).toEqual(first);
    for (const other of [{ amountCents: 900_000 }, { note: 'Other' }, { accountNumber: B }])
      expect(await refusal(grant((other.amountCents as number | undefined) ?? 1_000_000, other))).toEqual({
        status: 'aborted',
        message: ENTRY_ID_USED,
      });
    expect(f.deps.money.approvals.size).toBe(1);
  });

  it('a check overpayment above the threshold keeps its excess waiting for a second super admin', async () => {
    f.invoice('INV-9', 40_000);
    const paid = await recordOfflinePayment(
      boss,
      { invoiceNumber: 'INV-9', version: 0, method: 'cheque', amountCents: 240_000 },
      f.deps,
    );
    expect(paid).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ exists: false });
    const [waiting] = (await listCreditApprovals({ limit: 50 }, f.deps)).items;
    expect(waiting).toMatchObject({
      reason: 'overpayment',
      amountCents: 200_000,
      invoiceNumber: 'INV-9',
      status: 'pending',
    });
    await decideCreditApproval(second, { entryId: waiting!.entryId, version: 0, decision: 'approve' }, f.deps);
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 200_000 });
    // Only goodwill is emailed when approved, as under the threshold.
    expect(f.outbox.messages()).toEqual([]);
  });

  it('the super admin sets the threshold; a stale version is a 409', async () => {
    expect(await updateCreditSettings({ approvalThresholdCents: 50_000, version: 1 }, f.deps)).toEqual({
      approvalThresholdCents: 50_000,
      version: 2,
    });
    expect(await refusal(updateCreditSettings({ approvalThresholdCents: 1, version: 1 }, f.deps))).toEqual({
      status: 'aborted',
      message: SETTINGS_CHANGED,
    });
    expect((await grant(60_000)).approval).toMatchObject({ status: 'pending' });
  });
});
