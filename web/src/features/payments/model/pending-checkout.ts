import { startPaymentInputSchema, type PaymentAllocation } from '../../../../../core/schemas/payments';
import { readStored, removeStored, writeStored } from '../../../lib/local-storage';

/**
 * The payment this tab has started and not seen the end of: its id (made once, before anything is sent),
 * the account, the invoices and amounts, and whether credit goes first. Kept in sessionStorage so a reload
 * during payment asks the server about the same payment instead of starting a second one; sessionStorage,
 * not localStorage, because it belongs to this tab's checkout and ends with it (another tab is another
 * checkout, and nothing outlives the browser session). No card data and no client secret are kept: the
 * secret comes back from the server with the payment.
 */
export interface PendingCheckout {
  paymentId: string;
  accountNumber: string;
  allocations: PaymentAllocation[];
  applyCredit: boolean;
}

const keyOf = (userId: string) => `payOnline.checkout.${userId}`;

export function readPendingCheckout(userId: string): PendingCheckout | null {
  const text = readStored(keyOf(userId), 'session');
  if (!text) return null;
  try {
    const parsed = startPaymentInputSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Blocked or full storage keeps nothing: the payment still works, only a reload mid-payment cannot resume it. */
export function savePendingCheckout(userId: string, checkout: PendingCheckout): void {
  writeStored(keyOf(userId), JSON.stringify(checkout), 'session');
}

export function clearPendingCheckout(userId: string): void {
  removeStored(keyOf(userId), 'session');
}

/** A new checkout: the payment id is made here, once, before the first request. */
export const newCheckout = (input: Omit<PendingCheckout, 'paymentId'>): PendingCheckout => ({
  paymentId: globalThis.crypto.randomUUID(),
  ...input,
});
