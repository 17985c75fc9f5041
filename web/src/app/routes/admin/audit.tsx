import { AuditLog } from '../../../features/audit';

/** /admin/audit (super admins, issue 10 item 13): the audit trail, read-only. */
export default function AuditRoute() {
  return <AuditLog />;
}
