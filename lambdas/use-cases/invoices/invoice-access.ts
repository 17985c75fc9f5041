import { notFound } from '../../../core/errors';
import type { Invoice } from '../../../core/schemas/invoices';
import type { Identity } from '../../auth/verify-token';
import type { MoneyStore } from '../../ports/money-store';
import type { UsersRepository } from '../../ports/users-repository';
import { visibleAccounts } from '../../kernel/caller';

/** One answer for an unknown invoice, another practice's invoice and a wrong number/account pair. */
export const INVOICE_NOT_FOUND = 'Invoice not found';

/**
 * spec 7 invoice lookup: the invoice answers only when it belongs to `accountNumber` and the caller may see
 * that account. Every mismatch is the same not-found, so invoice numbers cannot be probed. Both numbers are
 * as their schemas give them (upper-cased).
 */
export async function loadVisibleInvoice(
  caller: Identity,
  invoiceNumber: string,
  accountNumber: string,
  deps: { money: Pick<MoneyStore, 'getInvoice'>; users: Pick<UsersRepository, 'get'> },
): Promise<Invoice> {
  const accounts = await visibleAccounts(caller, deps);
  if (accounts && !accounts.includes(accountNumber)) throw notFound(INVOICE_NOT_FOUND);
  const invoice = await deps.money.getInvoice(invoiceNumber);
  if (!invoice || invoice.accountNumber !== accountNumber) throw notFound(INVOICE_NOT_FOUND);
  return invoice;
}
