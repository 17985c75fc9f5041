import { startPaymentInputSchema, type PaymentAllocation } from '../../../../../core/schemas/payment';

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

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readPendingCheckout(userId: string): PendingCheckout | null {
  try {
    const text = storage()?.getItem(keyOf(userId));
    if (!text) return null;
    const parsed = startPaymentInputSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function savePendingCheckout(userId: string, checkout: PendingCheckout): void {
  try {
    storage()?.setItem(keyOf(userId), JSON.stringify(checkout));
  } catch {
    // Blocked or full storage: the payment still works, only a reload mid-payment cannot resume it.
  }
}

export function clearPendingCheckout(userId: string): void {
  try {
    storage()?.removeItem(keyOf(userId));
  } catch {
    // nothing was kept
  }
}

/** A new checkout: the payment id is made here, once, before the first request. */
export const newCheckout = (input: Omit<PendingCheckout, 'paymentId'>): PendingCheckout => ({
  paymentId: globalThis.crypto.randomUUID(),
  ...input,
});
