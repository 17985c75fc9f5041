import type { CreditApproval, CreditEntry, CreditSettings, WarrantyClaim } from '../../core/schemas/credit';
import type { VersionedSettingsStore } from './versioned-settings';
import type { Invoice, InvoiceStatus } from '../../core/schemas/invoices';
import type { Payment } from '../../core/schemas/payments';
import { aborted } from '../../core/errors';
import type { OutboxMessage } from '../kernel/outbox';
import type { RetryRule } from '../kernel/retry';
import { refusalsOf, type WriteRefused } from '../kernel/write-refused';

// Named money, not invoices or payments: one transaction moves an invoice, a payment and credit together.
/**
 * Invoices, payments, the credit ledger and warranty claims. Every money change is one
 * `commit`: a DynamoDB transaction over whatever it names, each item conditional on the version read, so an
 * invoice's balance, a ledger entry and a payment's allocation move together or not at all.
 */

/** null: must not exist yet; a number: the stored version must be exactly this. */
export type ExpectedVersion = number | null;

export interface CreditBalance {
  accountNumber: string;
  availableCents: number;
  /** Approved claims waiting for their lens to come back. */
  pendingCents: number;
  /** 0 before the account's first entry (then `expectedVersion` null creates it). */
  version: number;
  exists: boolean;
}

export interface CreditChange {
  accountNumber: string;
  /** New entries, appended; an entry id already in the ledger refuses the whole commit ('conflict'). */
  entries: CreditEntry[];
  /** The balance after the entries; written only if the stored one is still at `expectedVersion`. */
  balance: { availableCents: number; pendingCents: number };
  expectedVersion: ExpectedVersion;
}

export interface MoneyTransaction {
  invoices?: { invoice: Invoice; expectedVersion: ExpectedVersion }[];
  payment?: { payment: Payment; expectedVersion: ExpectedVersion };
  claim?: { claim: WarrantyClaim; expectedVersion: ExpectedVersion };
  credit?: CreditChange[];
  /** Credit waiting for a second super admin, or its decision (the grant it makes is in `credit`). */
  approval?: { approval: CreditApproval; expectedVersion: ExpectedVersion };
  /**
   * The emails the change causes (`moneyNotice`), stored in the outbox by this same transaction: a refused
   * commit stores none, and a message id already stored refuses the commit ('conflict', item 'notice').
   */
  notices?: OutboxMessage[];
}

/** Why a commit wrote nothing. */
export type MoneyWriteRefusal =
  /** An item was not at the version (or existence) the transaction expected: read again and decide again. */
  | 'conflict'
  /** Another transaction on the same items was in flight: retry. */
  | 'contention';

/**
 * `item` names the part refused when the store can tell: 'invoice:INV-1', 'payment', 'claim', 'credit:BV-1001',
 * 'approval', 'notice'.
 */
export type MoneyWriteRefused = WriteRefused<MoneyWriteRefusal>;
export const moneyRefusals = refusalsOf<MoneyWriteRefusal>('money');

/**
 * How a money change meets a refused commit (kernel retryOnRefusal): it reads, decides and commits again, up
 * to 8 times, then answers `busyMessage`.
 */
export const moneyRetry = (busyMessage = 'The change could not be saved just now. Please try again.'): RetryRule => ({
  attempts: 8,
  baseMs: 10,
  jitterMs: 30,
  retries: (error) => moneyRefusals.is(error),
  exhausted: () => aborted(busyMessage),
});

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface AccountInvoicesQuery {
  accountNumber: string;
  /** 'open': open and partially paid; 'paid': paid and void. */
  tab: 'open' | 'paid';
  limit: number;
  cursor?: string | undefined;
}

export interface StatusInvoicesQuery {
  status?: InvoiceStatus | undefined;
  accountNumber?: string | undefined;
  /** Upper-cased invoice number prefix. */
  search?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface MoneyStore {
  commit(transaction: MoneyTransaction): Promise<void>;

  getInvoice(invoiceNumber: string): Promise<Invoice | null>;
  /** Several at once (strongly consistent); missing ones are left out. */
  getInvoices(invoiceNumbers: string[]): Promise<Invoice[]>;
  /** Newest first. */
  listAccountInvoices(query: AccountInvoicesQuery): Promise<Page<Invoice>>;
  /** The lab's list: newest first, one status or all. */
  listInvoices(query: StatusInvoicesQuery): Promise<Page<Invoice>>;

  getPayment(paymentId: string): Promise<Payment | null>;

  getCreditBalance(accountNumber: string): Promise<CreditBalance>;
  /** An entry by its id (idempotent grants look up what an earlier try wrote). */
  getCreditEntry(accountNumber: string, entryId: string): Promise<CreditEntry | null>;
  /** Newest first. */
  listCreditEntries(accountNumber: string, limit: number, cursor?: string): Promise<Page<CreditEntry>>;

  /** Credit waiting for (or decided by) a second super admin, by its entry id (unique over all accounts). */
  getCreditApproval(entryId: string): Promise<CreditApproval | null>;
  /** The super admins' queue: pending approvals, oldest first. */
  listPendingCreditApprovals(limit: number, cursor?: string): Promise<Page<CreditApproval>>;

  getClaim(claimId: string): Promise<WarrantyClaim | null>;
  /** Newest first. */
  listAccountClaims(accountNumber: string, limit: number): Promise<WarrantyClaim[]>;
  /** Oldest first (the lab's queue). */
  listClaimsByStatus(status: WarrantyClaim['status'], limit: number, cursor?: string): Promise<Page<WarrantyClaim>>;
}

/** The lab's money settings (referenceData list `money`, id `creditApproval`). */
/** The stored settings, or the defaults (version 0) when none were saved yet; saved over the version read. */
export type CreditSettingsStore = VersionedSettingsStore<CreditSettings>;
