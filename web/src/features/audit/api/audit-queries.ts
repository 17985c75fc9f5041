/** The super admins' audit trail: one page of listAuditEvents per filter set and cursor. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';

export type AuditEventsInput = NonNullable<RouteInput<'listAuditEvents'>>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (input: AuditEventsInput) => [...auditKeys.all, 'list', input] as const,
};

/** The page shown stays while the next one loads (paging, a changed filter). */
export const useAuditEvents = (input: AuditEventsInput, enabled = true) =>
  useQuery({
    queryKey: auditKeys.list(input),
    queryFn: () => callRoute('listAuditEvents', input),
    placeholderData: keepPreviousData,
    enabled,
  });
