import { createHash } from 'node:crypto';

/**
 * The payment id of an account's autopay charge for a month: made from the two, so every run of the job, a retry,
 * two runs at once and the command all name the same payment, and Pay Online's rule (one payment id, one intent,
 * one charge) keeps it to one charge a month. Shaped as a UUID, as every payment id is.
 */
export function autopayPaymentId(accountNumber: string, month: string): string {
  const hex = createHash('sha256').update(`autopay:${accountNumber}:${month}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
