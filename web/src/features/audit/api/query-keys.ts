import type { AuditEventsInput } from './audit-queries';

export const auditKeys = {
  all: ['audit'] as const,
  list: (input: AuditEventsInput) => [...auditKeys.all, 'list', input] as const,
};
