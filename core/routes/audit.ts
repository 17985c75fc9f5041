import { defineRoutes } from '../define-routes';
import { SUPER_ADMIN } from './access-groups';
import { auditEventPageSchema, listAuditEventsInputSchema } from '../schemas/audit';

/** The audit trail (super admins' Audit page). Every callable route may append to it (an implicit resource);
 * this is the one route that reads it. */
export const auditRoutes = defineRoutes('audit', {
  listAuditEvents: {
    input: listAuditEventsInputSchema,
    output: auditEventPageSchema,
    access: SUPER_ADMIN,
    resources: { tables: { auditLog: 'read' } },
  },
});
