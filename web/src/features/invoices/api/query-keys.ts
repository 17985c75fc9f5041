import type { RouteInput } from '../../../lib/api-client';

/**
 * The query keys of invoices: the practice's lists (Pay Online), the lab's list (admin Invoices) and each
 * invoice's detail. A payment, a void or an offline payment invalidates `invoiceKeys.all`, so every list and
 * the open detail show the new balance.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  accountLists: () => [...invoiceKeys.all, 'account'] as const,
  accountList: (input: RouteInput<'listAccountInvoices'>) => [...invoiceKeys.accountLists(), input] as const,
  labLists: () => [...invoiceKeys.all, 'lab'] as const,
  labList: (input: RouteInput<'listInvoices'>) => [...invoiceKeys.labLists(), input] as const,
  detail: (invoiceNumber: string, accountNumber: string) =>
    [...invoiceKeys.all, 'detail', invoiceNumber.toUpperCase(), accountNumber.toUpperCase()] as const,
  /** An invoice looked up by number across the accounts the reader may see (a link from an order). */
  find: (invoiceNumber: string | null, accounts: readonly string[]) =>
    [...invoiceKeys.all, 'find', invoiceNumber, accounts] as const,
};
