import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../core/schemas/audit';
import type { AuditLog } from '../../../lambdas/ports/audit-log';
import { refusalOf } from './contract-helpers';

/** An audit entry as the trail writes it, with an id unique to the run (the table is shared). */
function auditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    eventId: randomUUID(),
    at: new Date().toISOString(),
    kind: 'change',
    action: 'lens.create',
    actor: { userId: 'contract-actor', email: 'contract-actor@lab.test', groups: ['admin'] },
    target: { type: 'lens', id: 'SCL-CONTRACT' },
    accountNumber: null,
    route: 'createLensDesign',
    status: null,
    correlationId: 'contract',
    sourceIp: '127.0.0.1',
    before: null,
    after: { name: 'First' },
    ...overrides,
  };
}

/**
 * The AuditLog (writer) rules the in-memory fake (tests/support/in-memory-audit.ts) and the DynamoDB adapter
 * both keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * The writer cannot read, so what was stored shows in whether the same entry can be appended again.
 */
export function auditLogContract(label: string, make: () => AuditLog) {
  describe(`${label}: the audit log contract`, () => {
    it('append is append-only: an entry is written once, and the same entry again is refused', async () => {
      const log = make();
      const event = auditEvent();
      await log.append(event);
      expect(await refusalOf(log.append({ ...event, after: { name: 'Rewritten' } }))).toBeInstanceOf(Error);
      await log.append(auditEvent({ at: event.at }));
    });

    it('an append whose signal is already aborted is refused and writes nothing', async () => {
      const log = make();
      const event = auditEvent();
      const abandoned = new AbortController();
      abandoned.abort();
      await refusalOf(log.append(event, abandoned.signal));
      await log.append(event);
    });
  });
}
