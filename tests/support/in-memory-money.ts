import {
  DEFAULT_CREDIT_SETTINGS,
  type CreditApproval,
  type CreditEntry,
  type CreditSettings,
  type WarrantyClaim,
} from '../../core/schemas/credit';
import type { Invoice } from '../../core/schemas/invoices';
import { paymentSchema, type Payment } from '../../core/schemas/payments';
import {
  moneyRefusals,
  type MoneyWriteRefused,
  type CreditBalance,
  type CreditSettingsStore,
  type ExpectedVersion,
  type MoneyStore,
  type MoneyTransaction,
} from '../../lambdas/ports/money-store';
import { InMemoryOutbox } from './in-memory-outbox';
import { offsetPage } from './offset-page';

const clone = <T>(value: T): T => structuredClone(value);

interface StoredBalance {
  availableCents: number;
  pendingCents: number;
  version: number;
}

/**
 * In-memory MoneyStore with the adapter's rules: a commit checks every condition first and writes all or
 * nothing, its notices into `outbox` included; an entry id is usable once per account. `failNextCommit` makes
 * the next commit refuse (to test retries), `commits` counts what was written.
 */
export class InMemoryMoneyStore implements MoneyStore {
  readonly invoices = new Map<string, Invoice>();
  readonly payments = new Map<string, Payment>();
  readonly claims = new Map<string, WarrantyClaim>();
  readonly balances = new Map<string, StoredBalance>();
  readonly entries = new Map<string, CreditEntry[]>();
  /** Credit waiting for (or decided by) a second super admin, by entry id. */
  readonly approvals = new Map<string, CreditApproval>();
  commits = 0;
  private refusals: MoneyWriteRefused[] = [];

  constructor(readonly outbox: InMemoryOutbox = new InMemoryOutbox()) {}

  failNextCommit(reason: 'conflict' | 'contention' = 'contention', times = 1): void {
    for (let i = 0; i < times; i++) this.refusals.push(moneyRefusals.refuse(reason));
  }

  async commit(tx: MoneyTransaction): Promise<void> {
    const refusal = this.refusals.shift();
    if (refusal) throw refusal;
    const check = (stored: { version: number } | undefined, expected: ExpectedVersion, label: string) => {
      const ok = expected === null ? stored === undefined : stored?.version === expected;
      if (!ok) throw moneyRefusals.refuse('conflict', label);
    };
    // The adapter refuses a negative balance while it builds the transaction, before any condition is checked.
    for (const change of tx.credit ?? [])
      if (change.balance.availableCents < 0 || change.balance.pendingCents < 0)
        throw new Error(`credit balance of ${change.accountNumber} would go below zero`);
    for (const { invoice, expectedVersion } of tx.invoices ?? [])
      check(this.invoices.get(invoice.invoiceNumber), expectedVersion, `invoice:${invoice.invoiceNumber}`);
    if (tx.payment) check(this.payments.get(tx.payment.payment.paymentId), tx.payment.expectedVersion, 'payment');
    if (tx.claim) check(this.claims.get(tx.claim.claim.claimId), tx.claim.expectedVersion, 'claim');
    if (tx.approval) check(this.approvals.get(tx.approval.approval.entryId), tx.approval.expectedVersion, 'approval');
    for (const change of tx.credit ?? []) {
      check(this.balances.get(change.accountNumber), change.expectedVersion, `credit:${change.accountNumber}`);
      const ids = new Set((this.entries.get(change.accountNumber) ?? []).map((e) => e.entryId));
      for (const entry of change.entries)
        if (ids.has(entry.entryId)) throw moneyRefusals.refuse('conflict', `entry:${entry.entryId}`);
    }
    for (const notice of tx.notices ?? [])
      if (this.outbox.records.has(notice.messageId)) throw moneyRefusals.refuse('conflict', 'notice');
    this.outbox.store(tx.notices);
    for (const { invoice } of tx.invoices ?? []) this.invoices.set(invoice.invoiceNumber, clone(invoice));
    if (tx.payment) this.payments.set(tx.payment.payment.paymentId, clone(tx.payment.payment));
    if (tx.claim) this.claims.set(tx.claim.claim.claimId, clone(tx.claim.claim));
    if (tx.approval) this.approvals.set(tx.approval.approval.entryId, clone(tx.approval.approval));
    for (const change of tx.credit ?? []) {
      this.balances.set(change.accountNumber, { ...change.balance, version: (change.expectedVersion ?? 0) + 1 });
      this.entries.set(change.accountNumber, [
        ...(this.entries.get(change.accountNumber) ?? []),
        ...clone(change.entries),
      ]);
    }
    this.commits++;
  }

  async getInvoice(invoiceNumber: string) {
    const found = this.invoices.get(invoiceNumber);
    return found ? clone(found) : null;
  }

  async getInvoices(invoiceNumbers: string[]) {
    return [...new Set(invoiceNumbers)].flatMap((n) => (this.invoices.has(n) ? [clone(this.invoices.get(n)!)] : []));
  }

  private newestFirst(filter: (invoice: Invoice) => boolean): Invoice[] {
    return [...this.invoices.values()].filter(filter).sort((a, b) => b.issuedAt.localeCompare(a.issuedAt));
  }

  async listAccountInvoices({ accountNumber, tab, limit, cursor }: Parameters<MoneyStore['listAccountInvoices']>[0]) {
    const open = (i: Invoice) => i.status === 'open' || i.status === 'partially-paid';
    return offsetPage(
      `account#${accountNumber}`,
      this.newestFirst((i) => i.accountNumber === accountNumber && (tab === 'open' ? open(i) : !open(i))),
      limit,
      cursor,
    );
  }

  /** The adapter's index decides the cursor's list: the account's when named, else the status's, else all. */
  async listInvoices({ status, accountNumber, search, limit, cursor }: Parameters<MoneyStore['listInvoices']>[0]) {
    return offsetPage(
      accountNumber ? `account#${accountNumber}` : status ? `status#${status}` : 'issued',
      this.newestFirst(
        (i) =>
          (!status || i.status === status) &&
          (!accountNumber || i.accountNumber === accountNumber) &&
          (!search || i.invoiceNumber.startsWith(search)),
      ),
      limit,
      cursor,
    );
  }

  async getPayment(paymentId: string) {
    const found = this.payments.get(paymentId);
    // Read through the schema as the adapter reads: a payment stored before overpaidCents existed reads 0.
    return found ? paymentSchema.parse(found) : null;
  }

  async getCreditBalance(accountNumber: string): Promise<CreditBalance> {
    const stored = this.balances.get(accountNumber);
    return stored
      ? { accountNumber, ...stored, exists: true }
      : { accountNumber, availableCents: 0, pendingCents: 0, version: 0, exists: false };
  }

  async getCreditEntry(accountNumber: string, entryId: string) {
    const found = (this.entries.get(accountNumber) ?? []).find((e) => e.entryId === entryId);
    return found ? clone(found) : null;
  }

  async listCreditEntries(accountNumber: string, limit: number, cursor?: string) {
    const all = [...(this.entries.get(accountNumber) ?? [])].sort(
      (a, b) => b.at.localeCompare(a.at) || b.entryId.localeCompare(a.entryId),
    );
    return offsetPage(`ledger#${accountNumber}`, all, limit, cursor);
  }

  async getCreditApproval(entryId: string) {
    const found = this.approvals.get(entryId);
    return found ? clone(found) : null;
  }

  async listPendingCreditApprovals(limit: number, cursor?: string) {
    const pending = [...this.approvals.values()]
      .filter((a) => a.status === 'pending')
      .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.entryId.localeCompare(b.entryId));
    return offsetPage('approvals', pending, limit, cursor);
  }

  async getClaim(claimId: string) {
    const found = this.claims.get(claimId);
    return found ? clone(found) : null;
  }

  async listAccountClaims(accountNumber: string, limit: number) {
    return clone(
      [...this.claims.values()]
        .filter((c) => c.accountNumber === accountNumber)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .slice(0, limit),
    );
  }

  async listClaimsByStatus(status: WarrantyClaim['status'], limit: number, cursor?: string) {
    return offsetPage(
      `claims#${status}`,
      [...this.claims.values()]
        .filter((c) => c.status === status)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      limit,
      cursor,
    );
  }
}

/** In-memory CreditSettingsStore: the defaults until a save, saves conditional on the version. */
export class InMemoryCreditSettings implements CreditSettingsStore {
  stored: CreditSettings | null = null;

  async get() {
    return clone(this.stored ?? DEFAULT_CREDIT_SETTINGS);
  }

  async put(settings: CreditSettings, expectedVersion: number) {
    if ((this.stored?.version ?? 0) !== expectedVersion) return false;
    this.stored = { ...clone(settings), version: expectedVersion + 1 };
    return true;
  }
}
