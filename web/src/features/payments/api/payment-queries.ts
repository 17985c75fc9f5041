/**
 * Pay Online's routes: start and confirm a payment (the browser's payment id makes both safe to
 * repeat), the receipt PDF, and the account's available lens credit.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { StartPaymentInput } from '../../../../../core/schemas/payments';
import { callRoute } from '../../../lib/api-client';
import { startDownload } from '../../../lib/start-download';
import { creditKeys } from '../../credit';

export const startPayment = (input: StartPaymentInput) => callRoute('startPayment', input);
export const confirmPayment = (paymentId: string) => callRoute('confirmPayment', { paymentId });

/**
 * The account's credit summary, under the Lens Credit screens' key for the same route and answer, so a
 * payment that spends credit refreshes both.
 */
export const useAvailableCredit = (accountNumber: string) =>
  useQuery({
    queryKey: creditKeys.summary(accountNumber),
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
