/** The super admins' audit trail: one page of listAuditEvents per filter set and cursor. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { auditKeys } from './query-keys';

export type AuditEventsInput = NonNullable<RouteInput<'listAuditEvents'>>;

/** The page shown stays while the next one loads (paging, a changed filter). */
export const useAuditEvents = (input: AuditEventsInput, enabled = true) =>
  useQuery({
    queryKey: auditKeys.list(input),
    queryFn: () => callRoute('listAuditEvents', input),
    placeholderData: keepPreviousData,
    enabled,
  });
