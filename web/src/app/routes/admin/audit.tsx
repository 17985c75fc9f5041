import { AuditLog } from '../../../features/audit';

/** /admin/audit (super admins): the audit trail, read-only. */
export default function AuditRoute() {
  return <AuditLog />;
}
