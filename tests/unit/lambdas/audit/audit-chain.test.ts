import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../../core/schemas/audit';
import {
  auditEventOfItem,
  auditExpiresAt,
  createAuditChain,
  derivedAttributes,
  entryHash,
  verifyAuditDay,
} from '../../../../lambdas/audit/audit-chain';

const DAY = '2026-12-01';
let n = 0;
function event(overrides: Partial<AuditEvent> = {}): AuditEvent {
  n += 1;
  return {
    eventId: `e-${n}`,
    at: `${DAY}T10:00:${String(n % 60).padStart(2, '0')}.000Z`,
    kind: 'change',
    action: 'practice.update',
    actor: { userId: 'u-1', email: 'Admin@Lab.test', groups: ['admin'] },
    target: { type: 'practice', id: 'BV-1001' },
    accountNumber: 'BV-1001',
    route: 'updateCustomer',
    status: null,
    correlationId: `c-${n}`,
    sourceIp: '203.0.113.9',
    before: { company: 'Brightview', version: n },
    after: { company: 'Brightview Eye Care', version: n + 1 },
    ...overrides,
  };
}

/** What the adapter stores, after a JSON round trip (undefined attributes are not stored). */
const stored = (e: AuditEvent, chain: ReturnType<typeof createAuditChain>) =>
  JSON.parse(JSON.stringify({ ...e, ...derivedAttributes(e), chain: chain.link(e) })) as Record<string, unknown>;

function day(count: number, chain = createAuditChain()) {
  return Array.from({ length: count }, () => stored(event(), chain));
}

describe('the audit log is tamper-evident: a hash chain per writer and day', () => {
  it('an untouched day verifies: every chain links from its start, entries from two writers interleaved', () => {
    const a = createAuditChain();
    const b = createAuditChain();
    const items = [stored(event(), a), stored(event(), b), stored(event({ actor: null, accountNumber: null }), a)];
    items.push(stored(event({ kind: 'auth', action: 'auth.sign-in', before: null, after: {} }), b));
    expect(verifyAuditDay(DAY, items)).toEqual({ day: DAY, entries: 4, chains: 2, problems: [] });
  });

  it('an entry edited after it was written no longer matches its hash', () => {
    const items = day(3);
    items[1] = { ...items[1], after: { company: 'Someone Else', version: 99 } };
    expect(verifyAuditDay(DAY, items).problems).toEqual([
      `entry ${String(items[1]!['sk'])}: does not match its hash (edited after it was written)`,
    ]);
  });

  it('an edit that also recomputes its own hash breaks the link of the entry after it', () => {
    const items = day(3);
    const chain = items[1]!['chain'] as { id: string; seq: number; prev: string };
    const forged: Record<string, unknown> = {
      ...items[1]!,
      actor: { userId: 'u-2', email: 'other@lab.test', groups: [] },
      actorEmail: 'other@lab.test',
    };
    forged['chain'] = { ...chain, hash: entryHash(chain.prev, auditEventOfItem(forged), chain.id, chain.seq) };
    items[1] = forged;
    const { problems } = verifyAuditDay(DAY, items);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/entry #2 \(e-\d+\) does not link to the entry before it/);
  });

  it('an entry replaced without a chain link, or missing from its chain, is reported', () => {
    const items = day(4);
    const { chain: _chain, ...unlinked } = items[2]!;
    expect(verifyAuditDay(DAY, [items[0]!, items[1]!, unlinked, items[3]!]).problems).toEqual([
      `entry ${String(items[2]!['sk'])}: has no chain link (replaced, or written before entries were chained)`,
      expect.stringMatching(/entries #2\.\.#2 are missing/),
    ]);
  });

  it('keys, index values and the expiry must still match the entry (retention cannot be shortened)', () => {
    const items = day(2);
    items[0] = { ...items[0], expiresAt: Math.floor(Date.parse('2027-01-01') / 1000) };
    items[1] = { ...items[1], actorEmail: 'someone@else.test' };
    const { problems } = verifyAuditDay(DAY, items);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('expiresAt is');
    expect(problems[1]).toContain('actorEmail is someone@else.test');
  });

  it('each writer starts a new chain at a new UTC day', () => {
    const chain = createAuditChain();
    const first = chain.link(event({ at: '2026-12-01T23:59:59.000Z' }));
    const next = chain.link(event({ at: '2026-12-02T00:00:01.000Z' }));
    expect(first.seq).toBe(0);
    expect(next).toMatchObject({ seq: 0 });
    expect(next.id).not.toBe(first.id);
  });
});

describe('audit retention: six years (HIPAA)', () => {
  it('an entry expires six years after it was written, to the second', () => {
    expect(new Date(auditExpiresAt('2026-12-01T10:00:00.000Z') * 1000).toISOString()).toBe('2032-12-01T10:00:00.000Z');
    expect(new Date(auditExpiresAt('2028-02-29T12:00:00.000Z') * 1000).toISOString()).toBe('2034-03-01T12:00:00.000Z');
  });
});
