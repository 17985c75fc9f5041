import { aborted, invalidArgument, notFound } from '../../../core/errors';
import { balanceOf, formatCents, isPayable } from '../../../core/rules/invoice-balance';
import type { applyCreditToInvoiceInputSchema } from '../../../core/schemas/credit';
import type { Invoice } from '../../../core/schemas/invoices';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import { actorOf } from '../../kernel/caller';
import { retryOnRefusal } from '../../kernel/retry';
import { moneyRetry } from '../../ports/money-store';
import { creditChange } from '../credit';
import { INVOICE_NOT_FOUND } from './invoice-access';
import type { InvoiceDeps } from './invoice-deps';
import { withTotals } from './invoice-views';

export const CREDIT_ENTRY_REUSED =
  'This entry id was already used to apply another amount or on another invoice. Reload and apply the credit again.';

/**
 * `applyCreditToInvoice` (billing permission): spends an account's lens credit on one of its invoices, as a payer
 * can at Pay Online (docs/decisions/0108-refunds-disputes-and-applied-credit.md). In one transaction the invoice
 * (conditional on its version) takes a credit settlement and the ledger an `apply` entry (conditional on the
 * balance's version), both under the browser's entry id. So however many are sent at once, each is decided on
 * the amounts as they are when it lands: never more than the credit available, never more than the invoice
 * still owes. A retry of the same request answers the invoice as it is.
 */
export async function applyCreditToInvoice(
  caller: Identity,
  input: z.output<typeof applyCreditToInvoiceInputSchema>,
  deps: Pick<InvoiceDeps, 'money' | 'users' | 'now' | 'sleep' | 'audit'>,
): Promise<Invoice> {
  const by = await actorOf(caller, deps);
  let before: Invoice | null = null;
  const applied = await retryOnRefusal(deps, moneyRetry(), async () => {
    const invoice = await deps.money.getInvoice(input.invoiceNumber);
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    const earlier = invoice.settlements.find((s) => s.settlementId === input.entryId);
    if (earlier) {
      if (earlier.method !== 'credit' || earlier.amountCents !== input.amountCents) throw aborted(CREDIT_ENTRY_REUSED);
      return null;
    }
    // The same id written on another invoice of the account: its ledger entry exists.
    if (await deps.money.getCreditEntry(invoice.accountNumber, input.entryId)) throw aborted(CREDIT_ENTRY_REUSED);
    if (!isPayable(invoice.status))
      throw aborted(`Invoice ${invoice.invoiceNumber} is ${invoice.status === 'void' ? 'void' : 'already paid'}.`);
    const open = Math.max(0, balanceOf(invoice));
    if (input.amountCents > open) {
      const message = `More than invoice ${invoice.invoiceNumber} still owes (${formatCents(open)}).`;
      throw invalidArgument(message, { amountCents: [message] });
    }
    const balance = await deps.money.getCreditBalance(invoice.accountNumber);
    if (input.amountCents > balance.availableCents) {
      const message = `More than the credit account ${invoice.accountNumber} has (${formatCents(balance.availableCents)}).`;
      throw invalidArgument(message, { amountCents: [message] });
    }
    const at = deps.now().toISOString();
    const updated = withTotals({
      ...invoice,
      settlements: [
        ...invoice.settlements,
        { settlementId: input.entryId, at, method: 'credit', amountCents: input.amountCents, recordedBy: by },
      ],
      updatedAt: at,
      version: invoice.version + 1,
    });
    const credit = creditChange(balance, [
      {
        kind: 'apply',
        amountCents: input.amountCents,
        fields: { entryId: input.entryId, at, reason: 'invoice', by, invoiceNumber: invoice.invoiceNumber },
      },
    ]);
    await deps.money.commit({ invoices: [{ invoice: updated, expectedVersion: invoice.version }], credit: [credit] });
    before = invoice;
    return updated;
  });
  if (!applied) {
    const invoice = await deps.money.getInvoice(input.invoiceNumber);
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    return invoice;
  }
  const was = before as Invoice | null;
  await deps.audit?.recordChange({
    action: 'invoice.apply-credit',
    target: { type: 'invoice', id: applied.invoiceNumber },
    accountNumber: applied.accountNumber,
    before: was
      ? { invoiceNumber: was.invoiceNumber, creditedCents: was.creditedCents, balanceCents: was.balanceCents }
      : null,
    after: {
      invoiceNumber: applied.invoiceNumber,
      creditedCents: applied.creditedCents,
      balanceCents: applied.balanceCents,
      status: applied.status,
      entryId: input.entryId,
    },
    keep: ['invoiceNumber'],
  });
  return applied;
}
