import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors';
import type { CreditApproval, CreditEntry, WarrantyClaim } from '../../../core/schemas/credit';
import type { Invoice } from '../../../core/schemas/invoices';
import type { Payment } from '../../../core/schemas/payments';
import { moneyNotice } from '../../../lambdas/ports/money-notifier';
import { moneyRefusals, type MoneyWriteRefused, type MoneyStore } from '../../../lambdas/ports/money-store';
import type { NoticeOutbox } from '../../../lambdas/ports/notice-outbox';
import { allPages, refusalOf } from './contract-helpers';

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`.toUpperCase();
const lab = { userId: 'u-lab', name: 'Lab Test' };
const at = (day: number, year = 2024) => `${year}-02-${String(day).padStart(2, '0')}T10:00:00.000Z`;

/** An invoice as the lab issues it, with a number and account unique to the run (the tables are shared). */
export function contractInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    invoiceNumber: unique('CI'),
    accountNumber: unique('CM'),
    orderIds: [],
    lines: [{ description: 'Scleral 16.0 OD', quantity: 1, unitCents: 25_000, amountCents: 25_000 }],
    subtotalCents: 25_000,
    shippingCents: 0,
    taxCents: 0,
    totalCents: 25_000,
    paidCents: 0,
    creditedCents: 0,
    balanceCents: 25_000,
    status: 'open',
    issuedAt: at(1),
    dueDate: '2024-03-01',
    settlements: [],
    createdBy: lab,
    updatedAt: at(1),
    version: 0,
    ...overrides,
  };
}

function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    paymentId: randomUUID(),
    accountNumber: unique('CM'),
    payer: { userId: 'u-ann', name: 'Ann Test', email: 'ann@contract.test' },
    allocations: [{ invoiceNumber: unique('CI'), amountCents: 1_000 }],
    totalCents: 1_000,
    creditCents: 0,
    cardCents: 1_000,
    status: 'awaiting-card',
    overpaidCents: 0,
    receiptNumber: unique('R'),
    createdAt: at(1),
    version: 0,
    ...overrides,
  };
}

function entry(accountNumber: string, overrides: Partial<CreditEntry> = {}): CreditEntry {
  return {
    accountNumber,
    entryId: randomUUID(),
    at: at(1),
    kind: 'grant',
    reason: 'goodwill',
    amountCents: 500,
    balanceAfterCents: 500,
    by: lab,
    ...overrides,
  };
}

function claim(overrides: Partial<WarrantyClaim> = {}): WarrantyClaim {
  return {
    claimId: randomUUID(),
    accountNumber: unique('CM'),
    kind: 'cancellation',
    status: 'submitted',
    orderId: randomUUID(),
    orderNumber: 'LL-000001',
    patient: 'PT-1',
    eye: 'OD',
    lensName: 'Scleral 16.0',
    creditCents: 12_500,
    returnRequired: true,
    note: 'Too tight',
    submittedBy: { userId: 'u-ann', name: 'Ann Test' },
    createdAt: at(1),
    updatedAt: at(1),
    version: 0,
    ...overrides,
  };
}

/** The part a refused commit names ('conflict' refusals only). */
async function conflictOn(promise: Promise<unknown>): Promise<string | undefined> {
  const refused = await refusalOf(promise);
  expect(moneyRefusals.is(refused)).toBe(true);
  expect((refused as MoneyWriteRefused).reason).toBe('conflict');
  return (refused as MoneyWriteRefused).item;
}

const numbers = (invoices: Invoice[]) => invoices.map((i) => i.invoiceNumber);

/** The email an invoice's commit stores, as the use cases build it. */
const issuedNotice = (invoice: Invoice) =>
  moneyNotice({ now: () => new Date(invoice.issuedAt) }, { kind: 'invoice-issued', invoice, to: [] });

/**
 * The MoneyStore rules the in-memory fake (tests/support/in-memory-money.ts) and the DynamoDB adapter both keep:
 * run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * `outboxOf` reads the outbox a store's commits write their notices to.
 */
export function moneyStoreContract<S extends MoneyStore>(
  label: string,
  make: () => S,
  outboxOf: (money: S) => Pick<NoticeOutbox, 'get'>,
) {
  describe(`${label}: the money store contract`, () => {
    it('a commit stores its notices in the outbox with the change; a refused commit stores none', async () => {
      const money = make();
      const outbox = outboxOf(money);
      const invoice = contractInvoice();
      const issued = issuedNotice(invoice);
      await money.commit({ invoices: [{ invoice, expectedVersion: null }], notices: [issued] });
      // Stored as written (a running consumer may have delivered it since: its state is not asserted).
      expect(await outbox.get(issued.messageId)).toMatchObject(issued);

      const paid = { ...invoice, paidCents: 25_000, balanceCents: 0, status: 'paid' as const, version: 1 };
      const stale = issuedNotice(paid);
      expect(
        await conflictOn(money.commit({ invoices: [{ invoice: paid, expectedVersion: 3 }], notices: [stale] })),
      ).toBe(`invoice:${invoice.invoiceNumber}`);
      expect(await outbox.get(stale.messageId)).toBeNull();
      expect(await money.getInvoice(invoice.invoiceNumber)).toEqual(invoice);
    });

    it('a notice whose message id is stored already refuses the whole commit as a conflict on the notice', async () => {
      const money = make();
      const outbox = outboxOf(money);
      const first = contractInvoice();
      const issued = issuedNotice(first);
      await money.commit({ invoices: [{ invoice: first, expectedVersion: null }], notices: [issued] });
      const second = contractInvoice();
      const again = { ...issued, notice: { ...issued.notice, invoice: second } };
      expect(
        await conflictOn(money.commit({ invoices: [{ invoice: second, expectedVersion: null }], notices: [again] })),
      ).toBe('notice');
      expect(await money.getInvoice(second.invoiceNumber)).toBeNull();
      expect((await outbox.get(issued.messageId))?.notice).toEqual(issued.notice);
    });

    it('a commit creates an invoice at no expected version; get and getInvoices answer it, unknown numbers are left out', async () => {
      const money = make();
      const [a, b] = [contractInvoice(), contractInvoice()];
      await money.commit({ invoices: [a, b].map((invoice) => ({ invoice, expectedVersion: null })) });
      expect(await money.getInvoice(a.invoiceNumber)).toEqual(a);
      expect(await money.getInvoice(unique('CI'))).toBeNull();
      const found = await money.getInvoices([b.invoiceNumber, unique('CI'), a.invoiceNumber, b.invoiceNumber]);
      expect(numbers(found).sort()).toEqual([a.invoiceNumber, b.invoiceNumber].sort());
      expect(await money.getInvoices([])).toEqual([]);
    });

    it('an invoice that exists, or is at another version, refuses the commit as a conflict naming it; the right version replaces it', async () => {
      const money = make();
      const invoice = contractInvoice();
      await money.commit({ invoices: [{ invoice, expectedVersion: null }] });
      const paid = { ...invoice, paidCents: 25_000, balanceCents: 0, status: 'paid' as const, version: 1 };
      expect(await conflictOn(money.commit({ invoices: [{ invoice: paid, expectedVersion: null }] }))).toBe(
        `invoice:${invoice.invoiceNumber}`,
      );
      expect(await conflictOn(money.commit({ invoices: [{ invoice: paid, expectedVersion: 2 }] }))).toBe(
        `invoice:${invoice.invoiceNumber}`,
      );
      expect(await money.getInvoice(invoice.invoiceNumber)).toEqual(invoice);
      await money.commit({ invoices: [{ invoice: paid, expectedVersion: 0 }] });
      expect(await money.getInvoice(invoice.invoiceNumber)).toEqual(paid);
    });

    it('a payment id is usable once: the second create of the same payment is refused, and a commit is all or nothing', async () => {
      const money = make();
      const first = payment();
      const invoice = contractInvoice({ accountNumber: first.accountNumber });
      await money.commit({ payment: { payment: first, expectedVersion: null } });
      expect(await money.getPayment(first.paymentId)).toEqual(first);
      expect(await money.getPayment(randomUUID())).toBeNull();
      const retry = { ...first, totalCents: 9_999 };
      expect(
        await conflictOn(
          money.commit({
            invoices: [{ invoice, expectedVersion: null }],
            payment: { payment: retry, expectedVersion: null },
          }),
        ),
      ).toBe('payment');
      expect(await money.getPayment(first.paymentId)).toEqual(first);
      expect(await money.getInvoice(invoice.invoiceNumber)).toBeNull();
      const settled = { ...first, status: 'succeeded' as const, settledAt: at(2), version: 1 };
      await money.commit({ payment: { payment: settled, expectedVersion: 0 } });
      expect(await money.getPayment(first.paymentId)).toEqual(settled);
    });

    it('a payment stored before overpayments were recorded reads as nothing overpaid', async () => {
      const money = make();
      const { overpaidCents: _none, ...older } = payment();
      await money.commit({ payment: { payment: older as Payment, expectedVersion: null } });
      expect(await money.getPayment(older.paymentId)).toEqual({ ...older, overpaidCents: 0 });
    });

    it('an account without credit reads as an empty balance at version 0 that does not exist yet', async () => {
      const accountNumber = unique('CM');
      expect(await make().getCreditBalance(accountNumber)).toEqual({
        accountNumber,
        availableCents: 0,
        pendingCents: 0,
        version: 0,
        exists: false,
      });
    });

    it('credit changes append entries and write the balance at the version read, counting it up', async () => {
      const money = make();
      const accountNumber = unique('CM');
      const grant = entry(accountNumber, { at: at(1) });
      await money.commit({
        credit: [
          { accountNumber, entries: [grant], balance: { availableCents: 500, pendingCents: 0 }, expectedVersion: null },
        ],
      });
      expect(await money.getCreditBalance(accountNumber)).toEqual({
        accountNumber,
        availableCents: 500,
        pendingCents: 0,
        version: 1,
        exists: true,
      });
      const spend = entry(accountNumber, {
        at: at(2),
        kind: 'apply',
        reason: 'invoice',
        amountCents: 200,
        balanceAfterCents: 300,
      });
      await money.commit({
        credit: [
          { accountNumber, entries: [spend], balance: { availableCents: 300, pendingCents: 100 }, expectedVersion: 1 },
        ],
      });
      expect(await money.getCreditBalance(accountNumber)).toMatchObject({
        availableCents: 300,
        pendingCents: 100,
        version: 2,
      });
      expect(await money.getCreditEntry(accountNumber, grant.entryId)).toEqual(grant);
      expect(await money.getCreditEntry(accountNumber, randomUUID())).toBeNull();
      expect(await money.getCreditEntry(unique('CM'), grant.entryId)).toBeNull();
    });

    it('a stale balance, or an entry id the account has used, refuses the whole commit and leaves the ledger as it was', async () => {
      const money = make();
      const accountNumber = unique('CM');
      const grant = entry(accountNumber);
      const balance = { availableCents: 500, pendingCents: 0 };
      await money.commit({ credit: [{ accountNumber, entries: [grant], balance, expectedVersion: null }] });
      const invoice = contractInvoice({ accountNumber });
      const again = { ...grant, at: at(3) };
      expect(
        await conflictOn(
          money.commit({
            invoices: [{ invoice, expectedVersion: null }],
            credit: [
              {
                accountNumber,
                entries: [again],
                balance: { availableCents: 1_000, pendingCents: 0 },
                expectedVersion: 1,
              },
            ],
          }),
        ),
      ).toBe(`entry:${grant.entryId}`);
      expect(
        await conflictOn(
          money.commit({
            credit: [{ accountNumber, entries: [entry(accountNumber)], balance, expectedVersion: null }],
          }),
        ),
      ).toBe(`credit:${accountNumber}`);
      expect(await money.getInvoice(invoice.invoiceNumber)).toBeNull();
      expect(await money.getCreditBalance(accountNumber)).toMatchObject({ availableCents: 500, version: 1 });
      expect((await money.listCreditEntries(accountNumber, 10)).items).toEqual([grant]);
      // Entry ids are per account: another practice may use the same one.
      const other = unique('CM');
      await money.commit({
        credit: [
          { accountNumber: other, entries: [{ ...grant, accountNumber: other }], balance, expectedVersion: null },
        ],
      });
      expect(await money.getCreditEntry(other, grant.entryId)).toMatchObject({ accountNumber: other });
    });

    it('a balance below zero is never written: the commit throws and writes nothing', async () => {
      const money = make();
      const accountNumber = unique('CM');
      const invoice = contractInvoice({ accountNumber });
      const refused = await refusalOf(
        money.commit({
          invoices: [{ invoice, expectedVersion: null }],
          credit: [
            {
              accountNumber,
              entries: [entry(accountNumber)],
              balance: { availableCents: -1, pendingCents: 0 },
              expectedVersion: 5,
            },
          ],
        }),
      );
      expect(refused).toBeInstanceOf(Error);
      expect(moneyRefusals.is(refused)).toBe(false);
      expect(await money.getInvoice(invoice.invoiceNumber)).toBeNull();
      expect((await money.getCreditBalance(accountNumber)).exists).toBe(false);
    });

    it('the ledger lists newest first and pages with cursors', async () => {
      const money = make();
      const accountNumber = unique('CM');
      const entries = [3, 1, 4, 2, 5].map((day) => entry(accountNumber, { at: at(day) }));
      let version: number | null = null;
      for (const e of entries) {
        await money.commit({
          credit: [
            {
              accountNumber,
              entries: [e],
              balance: { availableCents: 500, pendingCents: 0 },
              expectedVersion: version,
            },
          ],
        });
        version = (version ?? 0) + 1;
      }
      const first = await money.listCreditEntries(accountNumber, 2);
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).not.toBeNull();
      const all = await allPages((cursor) => money.listCreditEntries(accountNumber, 2, cursor));
      expect(all.map((e) => e.at)).toEqual([5, 4, 3, 2, 1].map((day) => at(day)));
      expect((await money.listCreditEntries(unique('CM'), 2)).items).toEqual([]);
    });

    it("a practice's invoices are newest first: open and partially paid on one tab, paid and void on the other", async () => {
      const money = make();
      const accountNumber = unique('CM');
      const statuses = ['open', 'paid', 'partially-paid', 'void', 'open'] as const;
      const made = statuses.map((status, i) => contractInvoice({ accountNumber, status, issuedAt: at(i + 1) }));
      await money.commit({ invoices: made.map((invoice) => ({ invoice, expectedVersion: null })) });
      await money.commit({ invoices: [{ invoice: contractInvoice({ issuedAt: at(9) }), expectedVersion: null }] });
      const tab = (name: 'open' | 'paid') =>
        allPages((cursor) => money.listAccountInvoices({ accountNumber, tab: name, limit: 1, cursor }));
      expect(numbers(await tab('open'))).toEqual(numbers([made[4]!, made[2]!, made[0]!]));
      expect(numbers(await tab('paid'))).toEqual(numbers([made[3]!, made[1]!]));
    });

    it("the lab's invoice list is newest first, by status, by account and by number prefix", async () => {
      const money = make();
      const accountNumber = unique('CM');
      const prefix = unique('CL');
      const year = 2003;
      const made = [
        contractInvoice({ invoiceNumber: `${prefix}-1`, accountNumber, status: 'open', issuedAt: at(1, year) }),
        contractInvoice({ invoiceNumber: `${prefix}-2`, status: 'open', issuedAt: at(2, year) }),
        contractInvoice({ invoiceNumber: `${prefix}-3`, accountNumber, status: 'paid', issuedAt: at(3, year) }),
        contractInvoice({ accountNumber, status: 'open', issuedAt: at(4, year) }),
      ];
      await money.commit({ invoices: made.map((invoice) => ({ invoice, expectedVersion: null })) });
      const list = (query: { status?: Invoice['status']; accountNumber?: string; search?: string }) =>
        allPages((cursor) => money.listInvoices({ ...query, limit: 2, cursor }));
      expect(numbers(await list({ search: prefix }))).toEqual(numbers([made[2]!, made[1]!, made[0]!]));
      expect(numbers(await list({ status: 'open', search: prefix }))).toEqual(numbers([made[1]!, made[0]!]));
      expect(numbers(await list({ accountNumber }))).toEqual(numbers([made[3]!, made[2]!, made[0]!]));
      expect(numbers(await list({ accountNumber, status: 'open' }))).toEqual(numbers([made[3]!, made[0]!]));
      expect(numbers(await list({ accountNumber, search: prefix }))).toEqual(numbers([made[2]!, made[0]!]));
    });

    it('a cursor the list did not make is refused as invalid input', async () => {
      const money = make();
      const accountNumber = unique('CM');
      const cursor = 'not-a-cursor';
      for (const list of [
        () => money.listAccountInvoices({ accountNumber, tab: 'open', limit: 1, cursor }),
        () => money.listInvoices({ limit: 1, cursor }),
        () => money.listCreditEntries(accountNumber, 1, cursor),
        () => money.listClaimsByStatus('submitted', 1, cursor),
      ]) {
        const error = await refusalOf(list());
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe('invalid-argument');
      }
    });

    it("a cursor from another list (another practice's, another status's) is refused as invalid input, never a 5xx", async () => {
      const money = make();
      const [first, second] = [unique('CM'), unique('CM')];
      const made = [1, 2, 3].map((day) => contractInvoice({ accountNumber: first, status: 'open', issuedAt: at(day) }));
      await money.commit({ invoices: made.map((invoice) => ({ invoice, expectedVersion: null })) });
      const fromFirst = (await money.listAccountInvoices({ accountNumber: first, tab: 'open', limit: 1 })).nextCursor;
      const fromOpen = (await money.listInvoices({ status: 'open', limit: 1 })).nextCursor;
      expect(fromFirst).not.toBeNull();
      expect(fromOpen).not.toBeNull();
      for (const list of [
        () => money.listAccountInvoices({ accountNumber: second, tab: 'open', limit: 1, cursor: fromFirst! }),
        () => money.listInvoices({ accountNumber: second, limit: 1, cursor: fromFirst! }),
        () => money.listInvoices({ status: 'paid', limit: 1, cursor: fromOpen! }),
        () => money.listInvoices({ limit: 1, cursor: fromOpen! }),
        () => money.listCreditEntries(second, 1, fromFirst!),
        () => money.listClaimsByStatus('submitted', 1, fromOpen!),
      ]) {
        const error = await refusalOf(list());
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe('invalid-argument');
      }
    });

    it('credit approvals: created once by entry id over all accounts, queued oldest first while pending, decided at the version read (docs/decisions/0092-large-credit-needs-a-second-super-admin.md)', async () => {
      const store = make();
      const approval = (overrides: Partial<CreditApproval> = {}): CreditApproval => ({
        entryId: randomUUID(),
        accountNumber: unique('CM'),
        reason: 'goodwill',
        amountCents: 500_000,
        note: 'Contract',
        status: 'pending',
        requestedBy: lab,
        requestedAt: at(3, 2001),
        version: 0,
        ...overrides,
      });
      const older = approval({ requestedAt: at(1, 2001) });
      const newer = approval({ requestedAt: at(2, 2001), reason: 'overpayment', invoiceNumber: unique('CI') });
      for (const a of [newer, older]) await store.commit({ approval: { approval: a, expectedVersion: null } });
      expect(await store.getCreditApproval(newer.entryId)).toEqual(newer);
      expect(await store.getCreditApproval(randomUUID())).toBeNull();
      const mine = new Set([older.entryId, newer.entryId]);
      const queued = async () =>
        (await allPages((cursor) => store.listPendingCreditApprovals(1, cursor))).filter((a) => mine.has(a.entryId));
      expect((await queued()).map((a) => a.entryId)).toEqual([older.entryId, newer.entryId]);

      // The same entry id again, even for another account, is refused.
      const again = await refusalOf(
        store.commit({ approval: { approval: { ...older, accountNumber: unique('CM') }, expectedVersion: null } }),
      );
      expect(moneyRefusals.is(again)).toBe(true);

      const decided = { ...older, status: 'approved' as const, decidedBy: lab, decidedAt: at(4, 2001), version: 1 };
      const stale = await refusalOf(store.commit({ approval: { approval: decided, expectedVersion: 5 } }));
      expect(moneyRefusals.is(stale)).toBe(true);
      await store.commit({ approval: { approval: decided, expectedVersion: 0 } });
      expect(await store.getCreditApproval(older.entryId)).toEqual(decided);
      expect((await queued()).map((a) => a.entryId)).toEqual([newer.entryId]);
    });

    it('claims are created once, listed newest first per practice (up to the limit) and oldest first per status', async () => {
      const money = make();
      const accountNumber = unique('CM');
      const year = 2004;
      const made = [2, 1, 3].map((day) => claim({ accountNumber, createdAt: at(day, year) }));
      const decided = claim({ accountNumber, status: 'denied', createdAt: at(4, year) });
      for (const c of [...made, decided]) await money.commit({ claim: { claim: c, expectedVersion: null } });
      expect(await money.getClaim(made[0]!.claimId)).toEqual(made[0]);
      expect(await money.getClaim(randomUUID())).toBeNull();
      expect(await conflictOn(money.commit({ claim: { claim: made[0]!, expectedVersion: null } }))).toBe('claim');

      const newest = await money.listAccountClaims(accountNumber, 3);
      expect(newest.map((c) => c.createdAt)).toEqual([4, 3, 2].map((day) => at(day, year)));
      const ids = new Set(made.map((c) => c.claimId));
      const queue = await allPages((cursor) => money.listClaimsByStatus('submitted', 2, cursor));
      expect(queue.filter((c) => ids.has(c.claimId)).map((c) => c.createdAt)).toEqual(
        [1, 2, 3].map((day) => at(day, year)),
      );
    });
  });
}
