import { notFound } from '../../../core/errors';
import type { Payment } from '../../../core/schemas/payments';
import type { Identity } from '../../auth/verify-token';
import { visibleAccounts } from '../../kernel/caller';
import type { MoneyStore } from '../../ports/money-store';
import type { UsersRepository } from '../../ports/users-repository';

/** One answer for an unknown payment and another practice's payment. */
export const PAYMENT_NOT_FOUND = 'Payment not found';

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
