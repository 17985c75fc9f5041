/**
 * The invoice routes: fetchers, query options and mutations for Pay Online and the lab's Invoices
 * page. Every change invalidates `invoiceKeys.all`, so the lists and the open detail read the new amounts.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerInvoice } from '../../../../../core/schemas/invoices';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { isCallableError } from '../../../lib/callable-error';
import { startDownload } from '../../../lib/start-download';
import { creditKeys } from '../../credit';
import { invoiceKeys } from './query-keys';

export type AccountInvoicesInput = RouteInput<'listAccountInvoices'>;
export type LabInvoicesInput = NonNullable<RouteInput<'listInvoices'>>;

export const listAccountInvoices = (input: AccountInvoicesInput) => callRoute('listAccountInvoices', input);

/** One page of an account's (or every linked account's) open or paid invoices; the page shown stays while the next loads. */
export const useAccountInvoices = (input: AccountInvoicesInput, enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.accountList(input),
    queryFn: () => listAccountInvoices(input),
    placeholderData: keepPreviousData,
    enabled,
  });

/**
 * spec 7 invoice lookup (route getInvoice, a customer-API route: a not-found answer never logs out, so a
 * mistyped number or an emailed link to another account only says "not found").
 */
export const getInvoice = (invoiceNumber: string, accountNumber: string) =>
  callRoute('getInvoice', { invoiceNumber, accountNumber });

export const invoiceQueryOptions = (invoiceNumber: string, accountNumber: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(invoiceNumber, accountNumber),
    queryFn: () => getInvoice(invoiceNumber, accountNumber),
    retry: false,
  });

export const useInvoice = (invoiceNumber: string, accountNumber: string, enabled = true) =>
  useQuery({ ...invoiceQueryOptions(invoiceNumber, accountNumber), enabled });

export const isNotFound = (error: unknown) => isCallableError(error) && error.status === 'not-found';

/**
 * Finds an invoice by number among `accounts`, in their order: the first account that has it answers.
 * null when none has it; any failure other than not-found is thrown (the caller shows it).
 */
export async function findInvoice(
  invoiceNumber: string,
  accounts: readonly string[],
  fetch: (invoiceNumber: string, accountNumber: string) => Promise<CustomerInvoice>,
): Promise<CustomerInvoice | null> {
  for (const accountNumber of accounts) {
    try {
      return await fetch(invoiceNumber, accountNumber);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  return null;
}

/** Finds an invoice through the query cache, so the detail that opens next shows it without asking again. */
export function useFindInvoice() {
  const queryClient = useQueryClient();
  return (invoiceNumber: string, accounts: readonly string[]) =>
    findInvoice(invoiceNumber, accounts, (number, account) =>
      queryClient.fetchQuery(invoiceQueryOptions(number, account)),
    );
}

/** Downloads the invoice's PDF (route getInvoicePdfUrl: a short-lived link to the generated document). */
export const useDownloadInvoicePdf = () =>
  useMutation({
    mutationFn: async (input: { invoiceNumber: string; accountNumber: string }) => {
      const document = await callRoute('getInvoicePdfUrl', input);
      startDownload(document.url, document.filename);
    },
  });

export const listInvoices = (input: LabInvoicesInput) => callRoute('listInvoices', input);

/** The lab's list: every account, newest first, filtered by status, account, overdue and number. */
export const useLabInvoices = (input: LabInvoicesInput, enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.labList(input),
    queryFn: () => listInvoices(input),
    placeholderData: keepPreviousData,
    enabled,
  });

/** One mutation per lab action; each refreshes every invoice view after it succeeds. */
function useInvoiceMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

export const useCreateInvoice = () =>
  useInvoiceMutation((input: RouteInput<'createInvoice'>) => callRoute('createInvoice', input));
export const useVoidInvoice = () =>
  useInvoiceMutation((input: RouteInput<'voidInvoice'>) => callRoute('voidInvoice', input));
export const useRecordOfflinePayment = () =>
  useInvoiceMutation((input: RouteInput<'recordOfflinePayment'>) => callRoute('recordOfflinePayment', input));

/** The billing desk's actions also move the account's credit or its payments: every credit view reads again too. */
function useBillingDeskMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
      ]);
    },
  });
}

export const useRefundPayment = () =>
  useBillingDeskMutation((input: RouteInput<'refundPayment'>) => callRoute('refundPayment', input));
export const useApplyCreditToInvoice = () =>
  useBillingDeskMutation((input: RouteInput<'applyCreditToInvoice'>) => callRoute('applyCreditToInvoice', input));

/** The account's lens credit, for the billing desk's "Apply credit" dialog. */
export const useAccountCredit = (accountNumber: string) =>
  useQuery({
    queryKey: creditKeys.summary(accountNumber),
    queryFn: () => callRoute('getCreditSummary', { accountNumber }),
  });
