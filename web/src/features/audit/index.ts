/** The audit trail page. */
export { AuditLog } from './components/audit-log';
