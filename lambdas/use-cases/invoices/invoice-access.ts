import { notFound } from '../../../core/errors';
import type { Invoice } from '../../../core/schemas/invoice';
import type { Payment } from '../../../core/schemas/payment';
import type { Identity } from '../../auth/verify-token';
import type { MoneyStore } from '../../ports/money-store';
import type { UsersRepository } from '../../ports/users-repository';
import { ACCOUNT_NOT_FOUND, isLab, linkedAccounts } from '../../kernel/caller';

/** One answer for an unknown invoice, another practice's invoice and a wrong number/account pair. */
export const INVOICE_NOT_FOUND = 'Invoice not found';
export const PAYMENT_NOT_FOUND = 'Payment not found';

/**
 * The accounts whose money the caller may see: the lab every account (null), a practice user the accounts
 * linked to them.
 */
export async function visibleAccounts(
  caller: Identity,
  deps: { users: Pick<UsersRepository, 'get'> },
): Promise<string[] | null> {
  if (isLab(caller)) return null;
  return linkedAccounts(await deps.users.get(caller.userId));
}

/** Throws not-found unless the caller may see this account's money. */
export async function assertAccountVisible(
  caller: Identity,
  accountNumber: string,
  deps: { users: Pick<UsersRepository, 'get'> },
): Promise<void> {
  const accounts = await visibleAccounts(caller, deps);
  // Account numbers are stored upper-case; a practice may type them in any case.
  if (accounts && !accounts.includes(accountNumber.toUpperCase())) throw notFound(ACCOUNT_NOT_FOUND);
}

/**
 * spec 7 invoice lookup: the invoice answers only when it belongs to `accountNumber` and the caller may see
 * that account. Every mismatch is the same not-found, so invoice numbers cannot be probed.
 */
export async function loadVisibleInvoice(
  caller: Identity,
  invoiceNumber: string,
  accountNumber: string,
  deps: { money: Pick<MoneyStore, 'getInvoice'>; users: Pick<UsersRepository, 'get'> },
): Promise<Invoice> {
  const accounts = await visibleAccounts(caller, deps);
  if (accounts && !accounts.includes(accountNumber.toUpperCase())) throw notFound(INVOICE_NOT_FOUND);
  const invoice = await deps.money.getInvoice(invoiceNumber.toUpperCase());
  if (!invoice || invoice.accountNumber !== accountNumber.toUpperCase()) throw notFound(INVOICE_NOT_FOUND);
  return invoice;
}

/** A payment the caller may see: the lab any; a practice user those of their linked accounts. */
export async function loadVisiblePayment(
  caller: Identity,
  paymentId: string,
  deps: { money: Pick<MoneyStore, 'getPayment'>; users: Pick<UsersRepository, 'get'> },
): Promise<Payment> {
  const payment = await deps.money.getPayment(paymentId);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  const accounts = await visibleAccounts(caller, deps);
  if (accounts && !accounts.includes(payment.accountNumber)) throw notFound(PAYMENT_NOT_FOUND);
  return payment;
}
