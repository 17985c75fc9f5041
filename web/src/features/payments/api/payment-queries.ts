/**
 * Pay Online's routes: start and confirm a payment (the browser's payment id makes both safe to
 * repeat), the receipt PDF, and the account's available lens credit.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { StartPaymentInput } from '../../../../../core/schemas/payment';
import { callRoute } from '../../../lib/api-client';
import { startDownload } from '../../../lib/start-download';

export const startPayment = (input: StartPaymentInput) => callRoute('startPayment', input);
export const confirmPayment = (paymentId: string) => callRoute('confirmPayment', { paymentId });

/**
 * The account's credit summary. The key is the one the Lens Credit screens use for the same route and
 * answer (features do not import each other), so a payment that spends credit refreshes both.
 */
export const creditSummaryKey = (accountNumber: string) => ['credit', 'summary', accountNumber] as const;
export const CREDIT_KEY_ROOT = ['credit'] as const;

export const useAvailableCredit = (accountNumber: string) =>
  useQuery({
    queryKey: creditSummaryKey(accountNumber),
    queryFn: () => callRoute('getCreditSummary', { accountNumber }),
    select: (summary) => summary.availableCents,
    enabled: Boolean(accountNumber),
  });

/** Downloads a payment's receipt (route getReceiptPdfUrl). */
export const useDownloadReceipt = () =>
  useMutation({
    mutationFn: async (paymentId: string) => {
      const document = await callRoute('getReceiptPdfUrl', { paymentId });
      startDownload(document.url, document.filename);
    },
  });
