import { auditRoutes } from '../../../core/routes/audit';
import { dynamoAuditLog } from '../../adapters/dynamo-audit-log';
import { createHandler } from '../../http/create-handler';
import { listAuditEvents } from '../../use-cases/audit/list-audit-events';
import { systemClock } from '../../kernel/clock';

const audit = dynamoAuditLog();

export const handler = createHandler(auditRoutes.listAuditEvents, (input) =>
  listAuditEvents(input, { audit, now: systemClock.now }),
);
