import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSULT_PAGE, type Consult, type ConsultStatus } from '../../../../../core/schemas/consults';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { labConsultKeys } from './query-keys';

/** The lab's side of the consultant (routes listConsults, getLabConsult, replyToConsult, linkConsultToAccount). */

export const listConsults = (status: ConsultStatus, cursor: string | null) =>
  callRoute('listConsults', { status, limit: CONSULT_PAGE.defaultLimit, ...(cursor ? { cursor } : {}) });

/** One status's consults, oldest first (the server's order); the page on screen stays while the next loads. */
export const useConsultQueue = (status: ConsultStatus, cursor: string | null) =>
  useQuery({
    queryKey: labConsultKeys.list(status, cursor),
    queryFn: () => listConsults(status, cursor),
    placeholderData: keepPreviousData,
  });

export const getLabConsult = (consultId: string) => callRoute('getLabConsult', { consultId });

/**
 * `enabled` is false for an id that cannot be a consult's (a mistyped link): nothing is asked. Read again each
 * time its page opens, as the queue is: another admin may have answered it, or the practice ordered it.
 */
export const useLabConsult = (consultId: string, enabled = true) =>
  useQuery({
    queryKey: labConsultKeys.detail(consultId),
    queryFn: () => getLabConsult(consultId),
    enabled,
    staleTime: 0,
  });

export const replyToConsult = (input: RouteInput<'replyToConsult'>) => callRoute('replyToConsult', input);
export const linkConsultToAccount = (input: RouteInput<'linkConsultToAccount'>) =>
  callRoute('linkConsultToAccount', input);

function useConsultChange<I>(send: (input: I) => Promise<Consult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (consult) => {
      queryClient.setQueryData(labConsultKeys.detail(consult.consultId), consult);
      await queryClient.invalidateQueries({ queryKey: labConsultKeys.lists() });
    },
  });
}

/** Answers (or changes the answer) with the version read: a 409 means another admin answered meanwhile. */
export const useReplyToConsult = () => useConsultChange(replyToConsult);

/** Links a visitor's request to a practice's account, with the version read. */
export const useLinkConsultToAccount = () => useConsultChange(linkConsultToAccount);
