/** The statement routes: an account's statements, a month's across accounts, and a version's PDF. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { startDownload } from '../../../lib/start-download';
import { statementKeys } from './query-keys';

export const useAccountStatements = (input: RouteInput<'listStatements'>) =>
  useQuery({
    queryKey: statementKeys.account(input),
    queryFn: () => callRoute('listStatements', input),
    placeholderData: keepPreviousData,
  });

export const useMonthStatements = (input: RouteInput<'listAllStatements'>) =>
  useQuery({
    queryKey: statementKeys.month(input),
    queryFn: () => callRoute('listAllStatements', input),
    placeholderData: keepPreviousData,
  });

/** Downloads a statement version's PDF (route getStatementPdfUrl: a short-lived link to the stored document). */
export const useDownloadStatementPdf = () =>
  useMutation({
    mutationFn: async (input: RouteInput<'getStatementPdfUrl'>) => {
      const document = await callRoute('getStatementPdfUrl', input);
      startDownload(document.url, document.filename);
    },
  });

/** A correction (billing staff): the month stated again as the next version; every statement list reads again. */
export function useCorrectStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<'correctStatement'>) => callRoute('correctStatement', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementKeys.all }),
  });
}
