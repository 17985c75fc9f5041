import { CHANGED_MESSAGES } from '../../../core/messages';
import { randomUUID } from 'node:crypto';
import { aborted, invalidArgument, notFound } from '../../../core/errors';
import { applyToBalance, dueDateOf, formatCents, isOverdue, isPayable } from '../../../core/rules/invoice-balance';
import type {
  CustomerInvoice,
  Invoice,
  InvoiceLine,
  InvoiceSummary,
  createInvoiceInputSchema,
  listAccountInvoicesInputSchema,
  listInvoicesInputSchema,
  recordOfflinePaymentInputSchema,
  voidInvoiceInputSchema,
} from '../../../core/schemas/invoices';
import { DEFAULT_PAYMENT_TERMS_DAYS } from '../../../core/schemas/money';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import { moneyRetry, moneyRefusals, type CreditSettingsStore } from '../../ports/money-store';
import { actorOf } from '../../kernel/caller';
import { creditChange, needsSecondApproval, pendingApproval } from '../credit';
import { customerInvoice, invoiceSummary, withoutPatients, withTotals } from './invoice-views';
import { assertAccountVisible, patientsVisibleIn, visibleAccounts } from '../../kernel/caller';
import { loadVisibleInvoice } from './invoice-access';
import { type InvoiceDeps } from './invoice-deps';
import { retryOnRefusal } from '../../kernel/retry';
import { moneyNotices } from '../../ports/money-notifier';

/** An invoice's money facts for the audit log (no lines: they name patients). */
const invoiceFacts = (i: Invoice) => ({
  invoiceNumber: i.invoiceNumber,
  status: i.status,
  totalCents: i.totalCents,
  paidCents: i.paidCents,
  creditedCents: i.creditedCents,
  balanceCents: i.balanceCents,
  dueDate: i.dueDate,
  version: i.version,
});

/** spec 7 invoice lookup (`getInvoice { invoiceNumber, accountNumber }`). */
export async function getInvoice(
  caller: Identity,
  input: { invoiceNumber: string; accountNumber: string },
  deps: Pick<InvoiceDeps, 'money' | 'users' | 'now'>,
): Promise<CustomerInvoice> {
  const invoice = await loadVisibleInvoice(caller, input.invoiceNumber, input.accountNumber, deps);
  const seesPatients = await patientsVisibleIn(caller, deps);
  return customerInvoice(seesPatients(invoice.accountNumber) ? invoice : withoutPatients(invoice), deps.now());
}

/** Open invoices of an account read for the totals (practices have a few dozen at most). */
const TOTALS_LIMIT = 500;

/**
 * Pay Online's list: one account's open or paid invoices, or those of every account the practice user is
 * linked to. With several accounts the newest `limit` of each are merged (no cursor): a practice has few.
 */
export async function listAccountInvoices(
  caller: Identity,
  input: z.output<typeof listAccountInvoicesInputSchema>,
  deps: Pick<InvoiceDeps, 'money' | 'users' | 'now'>,
) {
  const now = deps.now();
  const visible = await visibleAccounts(caller, deps);
  let accounts: string[];
  if (input.accountNumber) {
    await assertAccountVisible(caller, input.accountNumber, deps);
    accounts = [input.accountNumber];
  } else {
    if (!visible) throw invalidArgument('Choose an account', { accountNumber: ['Choose an account'] });
    accounts = visible;
  }
  if (accounts.length !== 1 && input.cursor)
    throw invalidArgument('Paging is per account. Choose one account.', { cursor: ['Choose one account'] });

  const pages = await Promise.all(
    accounts.map((accountNumber) =>
      deps.money.listAccountInvoices({ accountNumber, tab: input.tab, limit: input.limit, cursor: input.cursor }),
    ),
  );
  const seesPatients = await patientsVisibleIn(caller, deps);
  const items = pages
    .flatMap((p) => p.items)
    .sort((a, b) => b.issuedAt.localeCompare(a.issuedAt))
    .slice(0, input.limit)
    .map((i) => invoiceSummary(seesPatients(i.accountNumber) ? i : withoutPatients(i), now));
  const open = await Promise.all(
    accounts.map((accountNumber) =>
      deps.money.listAccountInvoices({ accountNumber, tab: 'open', limit: TOTALS_LIMIT }),
    ),
  );
  const openInvoices = open.flatMap((p) => p.items);
  return {
    items,
    nextCursor: accounts.length === 1 ? pages[0]!.nextCursor : null,
    totals: {
      balanceCents: openInvoices.reduce((sum, i) => sum + i.balanceCents, 0),
      overdueCents: openInvoices.filter((i) => isOverdue(i, now)).reduce((sum, i) => sum + i.balanceCents, 0),
      openCount: openInvoices.length,
    },
  };
}

/** Store pages read at most to fill one page of overdue invoices. */
const OVERDUE_SCAN_PAGES = 10;

/** The lab's Invoices page. */
export async function listInvoices(
  input: z.output<typeof listInvoicesInputSchema>,
  deps: Pick<InvoiceDeps, 'money' | 'now'>,
): Promise<{ items: InvoiceSummary[]; nextCursor: string | null }> {
  const now = deps.now();
  const query = {
    status: input.status,
    accountNumber: input.accountNumber,
    search: input.search?.toUpperCase() || undefined,
    limit: input.limit,
  };
  if (!input.overdueOnly) {
    const page = await deps.money.listInvoices({ ...query, cursor: input.cursor });
    return { items: page.items.map((i) => invoiceSummary(i, now)), nextCursor: page.nextCursor };
  }
  const items: InvoiceSummary[] = [];
  let cursor = input.cursor;
  for (let read = 0; read < OVERDUE_SCAN_PAGES && items.length < input.limit; read++) {
    const page = await deps.money.listInvoices({ ...query, cursor });
    items.push(...page.items.filter((i) => isOverdue(i, now)).map((i) => invoiceSummary(i, now)));
    cursor = page.nextCursor ?? undefined;
    if (!cursor) break;
  }
  return { items, nextCursor: cursor ?? null };
}

/** `createInvoice`: an invoice the lab records by hand. */
export async function createInvoice(
  caller: Identity,
  input: z.output<typeof createInvoiceInputSchema>,
  deps: InvoiceDeps,
): Promise<Invoice> {
  const accountNumber = input.accountNumber;
  const customer = await deps.customers.get(accountNumber);
  if (!customer)
    throw invalidArgument(`No practice has account number ${accountNumber}.`, {
      accountNumber: ['No practice has this account number'],
    });
  const now = deps.now();
  const issuedAt = input.issueDate ? `${input.issueDate}T12:00:00.000Z` : now.toISOString();
  const dueDate = input.dueDate ?? dueDateOf(issuedAt, customer.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS);
  if (dueDate < issuedAt.slice(0, 10))
    throw invalidArgument('The due date is before the issue date.', { dueDate: ['Due date is before the issue date'] });
  const lines: InvoiceLine[] = input.lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitCents: l.unitCents,
    amountCents: l.quantity * l.unitCents,
  }));
  const invoice = withTotals({
    invoiceNumber: input.invoiceNumber,
    accountNumber,
    orderIds: [],
    lines,
    shippingCents: input.shippingCents,
    taxCents: input.taxCents,
    status: 'open',
    issuedAt,
    dueDate,
    settlements: [],
    createdBy: await actorOf(caller, deps),
    updatedAt: now.toISOString(),
    version: 0,
  });
  try {
    await deps.money.commit({
      invoices: [{ invoice, expectedVersion: null }],
      // `to: []`: every user linked to the account (a hand-recorded invoice has no orderer).
      notices: moneyNotices(deps, { kind: 'invoice-issued', invoice, to: [] }),
    });
  } catch (error) {
    if (moneyRefusals.is(error) && error.reason === 'conflict')
      throw aborted(`Invoice number ${invoice.invoiceNumber} is already used. Choose another number.`);
    throw error;
  }
  await deps.audit?.recordChange({
    action: 'invoice.create',
    target: { type: 'invoice', id: invoice.invoiceNumber },
    accountNumber,
    after: { ...invoiceFacts(invoice), issuedAt: invoice.issuedAt, lineCount: invoice.lines.length },
  });
  return invoice;
}

async function loadForLab(invoiceNumber: string, version: number, deps: Pick<InvoiceDeps, 'money'>) {
  const invoice = await deps.money.getInvoice(invoiceNumber);
  if (!invoice) throw notFound('Invoice not found');
  if (invoice.version !== version) throw aborted(CHANGED_MESSAGES.invoice);
  return invoice;
}

/** `voidInvoice`: only an invoice nothing was paid or credited on (money applied must be dealt with first). */
export async function voidInvoice(
  caller: Identity,
  input: z.output<typeof voidInvoiceInputSchema>,
  deps: Pick<InvoiceDeps, 'money' | 'users' | 'now' | 'audit'>,
): Promise<Invoice> {
  const invoice = await loadForLab(input.invoiceNumber, input.version, deps);
  if (invoice.status === 'void') throw aborted('This invoice is already void.');
  if (invoice.paidCents + invoice.creditedCents > 0)
    throw aborted(
      `This invoice has ${formatCents(invoice.paidCents + invoice.creditedCents)} paid or credited on it and cannot be voided.`,
    );
  const now = deps.now().toISOString();
  const updated: Invoice = {
    ...invoice,
    status: 'void',
    balanceCents: 0,
    voidReason: input.reason,
    voidedAt: now,
    updatedAt: now,
    version: invoice.version + 1,
  };
  try {
    await deps.money.commit({ invoices: [{ invoice: updated, expectedVersion: invoice.version }] });
  } catch (error) {
    if (moneyRefusals.is(error)) throw aborted(CHANGED_MESSAGES.invoice);
    throw error;
  }
  await deps.audit?.recordChange({
    action: 'invoice.void',
    target: { type: 'invoice', id: invoice.invoiceNumber },
    accountNumber: invoice.accountNumber,
    before: invoiceFacts(invoice),
    after: { ...invoiceFacts(updated), voidReason: input.reason },
    keep: ['invoiceNumber'],
  });
  return updated;
}

/**
 * `recordOfflinePayment`: a cheque or bank transfer the lab received. More than the balance is kept as the
 * account's credit (an overpayment), in the same transaction as the invoice; above the lab's threshold that
 * credit waits for a second super admin instead (docs/decisions/0092-large-credit-needs-a-second-super-admin.md).
 */
export async function recordOfflinePayment(
  caller: Identity,
  input: z.output<typeof recordOfflinePaymentInputSchema>,
  deps: Pick<InvoiceDeps, 'money' | 'users' | 'now' | 'sleep' | 'audit'> & {
    /** The threshold above which an overpayment's credit waits for a second super admin. */
    creditSettings: CreditSettingsStore;
  },
): Promise<Invoice> {
  const actor = await actorOf(caller, deps);
  const settings = await deps.creditSettings.get();
  const first = await loadForLab(input.invoiceNumber, input.version, deps);
  if (!isPayable(first.status)) throw aborted(`This invoice is ${first.status === 'void' ? 'void' : 'already paid'}.`);
  const settlementId = randomUUID();
  let paidOn = first;
  let creditedCents = 0;
  let approvalId: string | undefined;
  const paid = await retryOnRefusal(deps, moneyRetry(), async (attempt) => {
    // A retry re-reads: a card payment landing at the same moment moved it, and the cheque still counts.
    const invoice = attempt === 0 ? first : await deps.money.getInvoice(input.invoiceNumber);
    if (!invoice) throw notFound('Invoice not found');
    paidOn = invoice;
    const now = deps.now().toISOString();
    const at = input.receivedOn ? `${input.receivedOn}T12:00:00.000Z` : now;
    const { appliedCents, excessCents } = applyToBalance(invoice, input.amountCents);
    const updated = withTotals({
      ...invoice,
      settlements: [
        ...invoice.settlements,
        ...(appliedCents > 0
          ? [
              {
                settlementId,
                at,
                method: input.method,
                amountCents: appliedCents,
                ...(input.reference ? { reference: input.reference } : {}),
                recordedBy: actor,
              },
            ]
          : []),
      ],
      updatedAt: now,
      version: invoice.version + 1,
    });
    const note = `${input.method === 'cheque' ? 'Check' : 'Bank transfer'} of ${formatCents(input.amountCents)} was more than the balance`;
    const approval = needsSecondApproval(excessCents, settings)
      ? pendingApproval(
          {
            entryId: settlementId,
            accountNumber: invoice.accountNumber,
            reason: 'overpayment',
            amountCents: excessCents,
            note,
            requestedBy: actor,
            invoiceNumber: invoice.invoiceNumber,
          },
          now,
        )
      : null;
    const credit =
      excessCents > 0 && !approval
        ? [
            creditChange(await deps.money.getCreditBalance(invoice.accountNumber), [
              {
                kind: 'grant',
                amountCents: excessCents,
                fields: {
                  at: now,
                  reason: 'overpayment',
                  by: actor,
                  invoiceNumber: invoice.invoiceNumber,
                  note,
                },
              },
            ]),
          ]
        : [];
    await deps.money.commit({
      invoices: [{ invoice: updated, expectedVersion: invoice.version }],
      credit,
      ...(approval ? { approval: { approval, expectedVersion: null } } : {}),
    });
    creditedCents = excessCents;
    approvalId = approval?.entryId;
    return updated;
  });
  await deps.audit?.recordChange({
    action: 'invoice.offline-payment',
    target: { type: 'invoice', id: paid.invoiceNumber },
    accountNumber: paid.accountNumber,
    before: invoiceFacts(paidOn),
    after: {
      ...invoiceFacts(paid),
      method: input.method,
      amountCents: input.amountCents,
      ...(input.reference ? { reference: input.reference } : {}),
      ...(creditedCents > 0 ? { toAccountCreditCents: creditedCents } : {}),
      ...(approvalId ? { creditWaitsForApprovalId: approvalId } : {}),
    },
    keep: ['invoiceNumber'],
  });
  return paid;
}
