import { CHANGED_MESSAGES } from '../../../../core/messages';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  decideWarrantyClaimInputSchema,
  submitWarrantyClaimInputSchema,
  type WarrantyClaim,
} from '../../../../core/schemas/credit';
import { decideWarrantyClaim } from '../../../../lambdas/use-cases/credit/decide-warranty-claim';
import { markClaimReturnReceived } from '../../../../lambdas/use-cases/credit/mark-claim-return-received';
import { CLAIM_ID_USED, submitWarrantyClaim } from '../../../../lambdas/use-cases/credit/submit-warranty-claim';
import { identity } from '../../../support/identities';
import { moneyEmails } from '../../../support/money-email-fakes';
import { A, B, creditFixture, lab, outsider, practice, refusal, uuid, type CreditFixture } from './credit-fixture';

let f: CreditFixture;
beforeEach(() => {
  f = creditFixture();
});

const claimInput = (n: number, overrides: Record<string, unknown> = {}) =>
  submitWarrantyClaimInputSchema.parse({
    claimId: uuid(100 + n),
    accountNumber: A,
    orderId: uuid(n),
    eye: 'OD',
    kind: 'cancellation',
    note: 'Patient could not adapt',
    ...overrides,
  });

const submit = (n: number, overrides: Record<string, unknown> = {}, caller = practice) =>
  submitWarrantyClaim(caller, claimInput(n, overrides), f.deps);

async function stored(claimId: string): Promise<WarrantyClaim> {
  return (await f.deps.money.getClaim(claimId))!;
}

const approve = async (claimId: string, caller = lab) =>
  decideWarrantyClaim(caller, { claimId, version: (await stored(claimId)).version, decision: 'approve' }, f.deps);

describe('submitWarrantyClaim: cancel for credit, report a defect', () => {
  it("a cancellation credits the line's price x the policy's percentage, and waits for the lab", async () => {
    f.shippedOrder(1, { quantity: 2, policy: { cancellationCreditPercent: 50, returnRequired: true } });
    const claim = await submit(1);
    expect(claim).toMatchObject({
      status: 'submitted',
      kind: 'cancellation',
      orderNumber: 'LL-000001',
      eye: 'OD',
      lensName: 'Test Scleral',
      creditCents: 40_000,
      returnRequired: true,
      version: 0,
    });
    // Who submitted stays internal; the lab's record has it.
    expect(claim).not.toHaveProperty('submittedBy');
    expect((await stored(claim.claimId)).submittedBy).toEqual({ userId: 'u-ann', name: 'Ann Test' });
    // The lab's email, stored with the claim: the claim as stored.
    expect(moneyEmails(f.outbox, 'claim-submitted')).toEqual([
      { kind: 'claim-submitted', claim: await stored(claim.claimId) },
    ]);
    // Nothing moves in the ledger before the lab decides.
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 0, pendingCents: 0 });
  });

  it('a defect credits the whole line price, whatever the cancellation percentage', async () => {
    f.shippedOrder(1, { quantity: 2, policy: { cancellationCreditPercent: 50 } });
    expect((await submit(1, { kind: 'defect' })).creditCents).toBe(80_000);
  });

  it('outside the window the portal refuses and says why; nothing is stored', async () => {
    f.shippedOrder(1, { shippedDaysAgo: 91, warrantyDays: 90 });
    expect(await refusal(submit(1))).toEqual({
      status: 'invalid-argument',
      message: 'The warranty of order LL-000001 ended 90 days after it shipped.',
    });
    expect(f.deps.money.claims.size).toBe(0);
    expect(f.outbox.messages()).toEqual([]);
  });

  it('a lens that has not shipped is not covered', async () => {
    f.shippedOrder(1, { status: 'approved' });
    expect(await refusal(submit(1))).toEqual({
      status: 'invalid-argument',
      message: 'Only a lens that has shipped is covered by the warranty.',
    });
  });

  it('an eye the order has no lens for is refused with a message', async () => {
    f.shippedOrder(1, { eyes: ['OD'] });
    expect(await refusal(submit(1, { eye: 'OS' }))).toEqual({
      status: 'invalid-argument',
      message: 'Order LL-000001 has no OS lens.',
    });
  });

  it("another practice's order answers exactly like an unknown order (not-found), on either account", async () => {
    f.shippedOrder(1, { accountNumber: A });
    const unknown = await refusal(submit(2, { accountNumber: B }, outsider));
    const onOwnAccount = await refusal(submit(1, { accountNumber: B }, outsider));
    const onTheirAccount = await refusal(submit(1, { accountNumber: A }, outsider));
    expect(unknown).toEqual({ status: 'not-found', message: 'Order not found' });
    expect(onOwnAccount).toEqual(unknown);
    expect(onTheirAccount.status).toBe('not-found');
    expect(f.deps.money.claims.size).toBe(0);
  });

  it('one live claim per lens: a second is refused (409) until the first is denied', async () => {
    f.shippedOrder(1, { eyes: ['OD', 'OS'] });
    const first = await submit(1);
    expect(await refusal(submit(1, { claimId: uuid(900), kind: 'defect' }))).toEqual({
      status: 'aborted',
      message: 'A claim on the OD lens of order LL-000001 is already open.',
    });
    // The other eye is another lens.
    await submit(1, { claimId: uuid(901), eye: 'OS' });
    await decideWarrantyClaim(
      lab,
      { claimId: first.claimId, version: 0, decision: 'deny', reason: 'Lens was lost' },
      f.deps,
    );
    expect((await submit(1, { claimId: uuid(902) })).status).toBe('submitted');
  });

  it('idempotent by claimId: a retry answers the stored claim, stores and emails once', async () => {
    f.shippedOrder(1);
    const first = await submit(1);
    const commits = f.deps.money.commits;
    f.clock.now = new Date(f.clock.now.getTime() + 60_000);
    const again = await submit(1);
    expect(again).toEqual(first);
    expect(f.deps.money.commits).toBe(commits);
    expect(moneyEmails(f.outbox, 'claim-submitted')).toHaveLength(1);
  });

  it('twenty concurrent identical submits store one claim and all answer it', async () => {
    f.shippedOrder(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(1)));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(f.deps.money.claims.size).toBe(1);
    expect(f.outbox.messages()).toHaveLength(1);
  });

  it("a claim id reused for another lens or kind is refused (409); another account's id is not-found", async () => {
    f.shippedOrder(1, { eyes: ['OD', 'OS'] });
    f.shippedOrder(2, { accountNumber: B });
    await submit(1);
    expect((await refusal(submit(1, { kind: 'defect' }))).status).toBe('aborted');
    expect((await refusal(submit(1, { eye: 'OS' }))).status).toBe('aborted');
    // B's user names A's claim id for B's own order.
    expect(await refusal(submit(2, { claimId: uuid(101), accountNumber: B }, outsider))).toEqual({
      status: 'not-found',
      message: 'Order not found',
    });
  });

  it('the same claim id with other contents (the note too) is a 409 saying so; the same again is the stored claim (docs/decisions/0058-warranty-chains.md "Same id, same contents")', async () => {
    f.shippedOrder(1, { eyes: ['OD', 'OS'] });
    const first = await submit(1);
    for (const other of [{ note: 'Another story' }, { kind: 'defect' }, { eye: 'OS' }])
      expect(await refusal(submit(1, other))).toEqual({ status: 'aborted', message: CLAIM_ID_USED });
    expect(await stored(first.claimId)).toMatchObject({
      note: 'Patient could not adapt',
      kind: 'cancellation',
      eye: 'OD',
    });
    expect(await submit(1)).toEqual(first);
    expect(moneyEmails(f.outbox, 'claim-submitted')).toHaveLength(1);
  });

  it('a practice user not linked to the account gets not-found', async () => {
    f.shippedOrder(1);
    const customerWithoutLink = identity(['customer'], { userId: 'u-nobody' });
    expect((await refusal(submit(1, {}, customerWithoutLink))).status).toBe('not-found');
  });
});

describe('decideWarrantyClaim (the lab approves or denies)', () => {
  it('approve, no return required: a grant entry and the available balance, in one commit with the claim', async () => {
    f.shippedOrder(1, { policy: { returnRequired: false, cancellationCreditPercent: 50 } });
    const claim = await submit(1);
    const commits = f.deps.money.commits;
    const decided = await approve(claim.claimId);
    expect(f.deps.money.commits).toBe(commits + 1);
    expect(decided).toMatchObject({
      status: 'approved',
      version: 1,
      decidedBy: { userId: 'u-lab', name: 'Lara Test' },
    });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 20_000, pendingCents: 0 });
    const [entry] = (await f.deps.money.listCreditEntries(A, 10)).items;
    expect(entry).toMatchObject({
      entryId: `claim-${claim.claimId}`,
      kind: 'grant',
      reason: 'cancellation',
      amountCents: 20_000,
      balanceAfterCents: 20_000,
      orderNumber: 'LL-000001',
      eye: 'OD',
      claimId: claim.claimId,
      by: { userId: 'u-lab' },
    });
    expect(moneyEmails(f.outbox, 'claim-decided')).toEqual([
      { kind: 'claim-decided', claim: await stored(claim.claimId), to: ['ann@a.test'] },
    ]);
  });

  it('approve, return required: the claim waits for the lens and its credit is pending, not available', async () => {
    f.shippedOrder(1, { policy: { returnRequired: true } });
    const claim = await submit(1);
    const decided = await approve(claim.claimId);
    expect(decided.status).toBe('awaiting-return');
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 0, pendingCents: 40_000 });
    expect((await f.deps.money.listCreditEntries(A, 10)).items).toEqual([]);
  });

  it('a defect approval records the defect reason', async () => {
    f.shippedOrder(1, { policy: { returnRequired: false } });
    const claim = await submit(1, { kind: 'defect' });
    await approve(claim.claimId);
    expect((await f.deps.money.listCreditEntries(A, 10)).items[0]).toMatchObject({
      reason: 'defect',
      amountCents: 40_000,
    });
  });

  it('deny needs a reason: the schema refuses none, the use case refuses blanks; a denial moves no money', async () => {
    f.shippedOrder(1);
    const claim = await submit(1);
    expect(
      decideWarrantyClaimInputSchema.safeParse({ claimId: claim.claimId, version: 0, decision: 'deny' }).success,
    ).toBe(false);
    expect(
      decideWarrantyClaimInputSchema.safeParse({ claimId: claim.claimId, version: 0, decision: 'deny', reason: '  ' })
        .success,
    ).toBe(false);
    expect(
      (
        await refusal(
          decideWarrantyClaim(lab, { claimId: claim.claimId, version: 0, decision: 'deny', reason: ' ' }, f.deps),
        )
      ).status,
    ).toBe('invalid-argument');
    expect((await stored(claim.claimId)).status).toBe('submitted');
    const denied = await decideWarrantyClaim(
      lab,
      { claimId: claim.claimId, version: 0, decision: 'deny', reason: 'Lens was damaged by the patient' },
      f.deps,
    );
    expect(denied).toMatchObject({ status: 'denied', decisionReason: 'Lens was damaged by the patient' });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ exists: false, availableCents: 0 });
    // The refused attempt stored no email; the denial stored one, to whoever submitted the claim.
    expect(moneyEmails(f.outbox, 'claim-decided')).toEqual([
      { kind: 'claim-decided', claim: denied, to: ['ann@a.test'] },
    ]);
  });

  it('a second approval is a 409 (stale version or already decided) and credits once', async () => {
    f.shippedOrder(1, { policy: { returnRequired: false } });
    const claim = await submit(1);
    await decideWarrantyClaim(lab, { claimId: claim.claimId, version: 0, decision: 'approve' }, f.deps);
    expect(
      await refusal(decideWarrantyClaim(lab, { claimId: claim.claimId, version: 0, decision: 'approve' }, f.deps)),
    ).toEqual({ status: 'aborted', message: CHANGED_MESSAGES.claim });
    expect(
      await refusal(decideWarrantyClaim(lab, { claimId: claim.claimId, version: 1, decision: 'approve' }, f.deps)),
    ).toEqual({ status: 'aborted', message: 'This claim is already credited.' });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 40_000 });
    expect((await f.deps.money.listCreditEntries(A, 10)).items).toHaveLength(1);
  });

  it('two admins deciding at once: one wins, the other is told to reload', async () => {
    f.shippedOrder(1, { policy: { returnRequired: false } });
    const claim = await submit(1);
    const other = identity(['admin'], { userId: 'u-lab-2' });
    const results = await Promise.allSettled([
      decideWarrantyClaim(lab, { claimId: claim.claimId, version: 0, decision: 'approve' }, f.deps),
      decideWarrantyClaim(other, { claimId: claim.claimId, version: 0, decision: 'deny', reason: 'No' }, f.deps),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const entries = (await f.deps.money.listCreditEntries(A, 10)).items;
    expect(entries.length).toBe((await stored(claim.claimId)).status === 'approved' ? 1 : 0);
    // Only the decision that landed tells the practice.
    expect(moneyEmails(f.outbox, 'claim-decided').map((e) => e.claim)).toEqual([await stored(claim.claimId)]);
  });

  it('a refused transaction (contention) is re-read and tried again', async () => {
    f.shippedOrder(1, { policy: { returnRequired: false } });
    const claim = await submit(1);
    f.deps.money.failNextCommit('contention', 2);
    expect((await approve(claim.claimId)).status).toBe('approved');
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 40_000 });
    expect(moneyEmails(f.outbox, 'claim-decided')).toHaveLength(1);
  });

  it('only one claim on a lens is ever credited, even when two were sent at the same moment', async () => {
    f.shippedOrder(1, { policy: { returnRequired: false } });
    const first = await submit(1);
    // The second was accepted concurrently (both passed the open-claim check before either was stored).
    const twin = { ...(await stored(first.claimId)), claimId: uuid(555), createdAt: '2026-03-01T10:00:01.000Z' };
    await f.deps.money.commit({ claim: { claim: twin, expectedVersion: null } });
    await approve(first.claimId);
    expect(await refusal(approve(twin.claimId))).toEqual({
      status: 'aborted',
      message: 'Another claim on this lens (LL-000001 OD) was already approved.',
    });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 40_000 });
  });

  it('an unknown claim is not-found', async () => {
    expect(
      (await refusal(decideWarrantyClaim(lab, { claimId: 'nope', version: 0, decision: 'approve' }, f.deps))).status,
    ).toBe('not-found');
  });
});

describe('markClaimReturnReceived (pending -> available)', () => {
  it('the returned lens turns the pending credit into available credit with a grant, in one transaction', async () => {
    f.shippedOrder(1, { policy: { returnRequired: true } });
    const claim = await submit(1);
    const waiting = await approve(claim.claimId);
    const commits = f.deps.money.commits;
    const received = await markClaimReturnReceived(lab, { claimId: claim.claimId, version: waiting.version }, f.deps);
    expect(f.deps.money.commits).toBe(commits + 1);
    expect(received).toMatchObject({ status: 'approved', returnReceivedAt: f.clock.now.toISOString() });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 40_000, pendingCents: 0 });
    const [entry] = (await f.deps.money.listCreditEntries(A, 10)).items;
    expect(entry).toMatchObject({
      kind: 'grant',
      amountCents: 40_000,
      balanceAfterCents: 40_000,
      claimId: claim.claimId,
    });
    expect(moneyEmails(f.outbox, 'credit-granted')).toEqual([{ kind: 'credit-granted', entry, to: ['ann@a.test'] }]);
  });

  it('a lens received before the decision is recorded; approving then credits at once', async () => {
    f.shippedOrder(1, { policy: { returnRequired: true } });
    const claim = await submit(1);
    const marked = await markClaimReturnReceived(lab, { claimId: claim.claimId, version: 0 }, f.deps);
    expect(marked).toMatchObject({ status: 'submitted', version: 1 });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 0, pendingCents: 0 });
    expect((await approve(claim.claimId)).status).toBe('approved');
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 40_000, pendingCents: 0 });
  });

  it('a decided claim or a lens already received is a 409; a stale version is a 409', async () => {
    f.shippedOrder(1, { policy: { returnRequired: true } });
    const claim = await submit(1);
    await approve(claim.claimId);
    expect(await refusal(markClaimReturnReceived(lab, { claimId: claim.claimId, version: 0 }, f.deps))).toEqual({
      status: 'aborted',
      message: CHANGED_MESSAGES.claim,
    });
    await markClaimReturnReceived(lab, { claimId: claim.claimId, version: 1 }, f.deps);
    expect(await refusal(markClaimReturnReceived(lab, { claimId: claim.claimId, version: 2 }, f.deps))).toEqual({
      status: 'aborted',
      message: 'This claim is already credited.',
    });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 40_000, pendingCents: 0 });
  });

  it('the balance never goes below zero: pending that holds less than the claim is emptied, not overdrawn', async () => {
    f.shippedOrder(1, { policy: { returnRequired: true } });
    const claim = await submit(1);
    const waiting = await approve(claim.claimId);
    // Something took pending down behind our back (it never should): 10,000 of the 40,000 are left.
    const balance = await f.deps.money.getCreditBalance(A);
    f.deps.money.balances.set(A, { availableCents: 0, pendingCents: 10_000, version: balance.version });
    await markClaimReturnReceived(lab, { claimId: claim.claimId, version: waiting.version }, f.deps);
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 40_000, pendingCents: 0 });
  });

  it('the store refuses any change that would take a balance below zero', async () => {
    await expect(
      f.deps.money.commit({
        credit: [
          { accountNumber: A, entries: [], balance: { availableCents: -1, pendingCents: 0 }, expectedVersion: null },
        ],
      }),
    ).rejects.toThrow(/below zero/);
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ exists: false });
  });
});
