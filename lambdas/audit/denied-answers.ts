import type { DeniedStatus } from './audit-trail';

/**
 * The not-found messages of routes that hide another practice's data: a practice asking for an order, account,
 * invoice, payment or consult that is not theirs gets the same answer as for one that does not exist (order-view.ts,
 * invoice-access.ts). Such an answer may be someone probing ids, so it is audited like a 403. Other not-founds
 * (an unknown lens design, "no account number linked yet") are ordinary answers and are not.
 */
export const HIDDEN_NOT_FOUND_MESSAGES: ReadonlySet<string> = new Set([
  'Order not found',
  'Account not found',
  'Invoice not found',
  'Payment not found',
  // CONSULT_NOT_FOUND: a consult, or its files, of another practice (and any visitor's consult files).
  'Consult not found',
]);

/** The status to audit for an error answer, or null when the answer is not a denial. */
export function deniedStatusOf(statusCode: number, message: string | undefined): DeniedStatus | null {
  if (statusCode === 401 || statusCode === 403) return statusCode;
  if (statusCode === 404 && message !== undefined && HIDDEN_NOT_FOUND_MESSAGES.has(message)) return 404;
  return null;
}
