import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line of one request carries, whichever logger writes it: the handler's own, or the one a
 * notifier or adapter made for itself at module load. So a search for an order id or a correlation id finds the
 * request and the emails it sent alike (docs/runbook.md "The five questions").
 */

/** Ids a line may name about what the request touched. Ids only: never a name, an address or free text. */
export const LOGGED_IDS = [
  'orderId',
  'orderNumber',
  'accountNumber',
  'invoiceId',
  'paymentId',
  'claimId',
  'consultId',
] as const;
export type LoggedId = (typeof LOGGED_IDS)[number];

// Ids are short and plain; anything else in such a field (a note, a pasted address) is not logged.
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The LOGGED_IDS among the top-level fields of a route's input or output. */
export function idsOf(value: unknown): Partial<Record<LoggedId, string>> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  const ids: Partial<Record<LoggedId, string>> = {};
  for (const key of LOGGED_IDS) {
    const id = record[key];
    if (typeof id === 'string' && PLAIN_ID.test(id)) ids[key] = id;
  }
  return ids;
}

const storage = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs one request with its context; lines logged inside it (and in what it awaits) carry the fields. */
export function runWithLogContext<T>(fields: Record<string, unknown>, fn: () => T): T {
  return storage.run({ ...fields }, fn);
}

/** Adds what became known during the request (the caller, the order it named or made). */
export function addToLogContext(fields: Record<string, unknown>): void {
  const context = storage.getStore();
  if (context) Object.assign(context, fields);
}

/** The current request's fields; empty outside a request (a job, a test). */
export function logContext(): Readonly<Record<string, unknown>> {
  return storage.getStore() ?? {};
}
