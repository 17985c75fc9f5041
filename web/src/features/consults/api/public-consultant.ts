import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { consultantKeys } from './query-keys';

/** The troubleshooter's settings and the designs it covers (route getConsultantSetup, public). */
export const getConsultantSetup = () => callRoute('getConsultantSetup', {});

/** The lab changes its settings rarely; a visit reads them once. */
const SETUP_STALE_MS = 10 * 60_000;

export const consultantSetupQueryOptions = () =>
  queryOptions({ queryKey: consultantKeys.setup(), queryFn: getConsultantSetup, staleTime: SETUP_STALE_MS });

export const useConsultantSetup = () => useQuery(consultantSetupQueryOptions());

/** A visitor's consult request (route submitPublicConsult): the answer is the reference number only. */
export const submitPublicConsult = (input: RouteInput<'submitPublicConsult'>) =>
  callRoute('submitPublicConsult', input);

export const useSubmitPublicConsult = () => useMutation({ mutationFn: submitPublicConsult });
