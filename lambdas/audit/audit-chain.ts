import { createHash, randomUUID } from 'node:crypto';
import { auditEventSchema, AUDIT_RETENTION_YEARS, type AuditEvent } from '../../core/schemas/audit';

/**
 * The audit log's hash chains (docs/decisions/0027-audit-trail-tamper-evident.md). Every writer
 * (a Lambda instance, the local gateway's handler modules, the Cognito bridge) links its entries of a UTC day
 * in a chain of its own: each entry stores its chain id, its place in it, the previous entry's hash and its own,
 * a SHA-256 over the previous hash and the entry. A chain per writer needs no shared head, so appending stays
 * one conditional PutItem with no read and no contention; `npm run audit:verify` walks every chain of a day.
 * An entry edited or replaced afterwards no longer matches its hash or breaks the next entry's link.
 */
export interface ChainLink {
  id: string;
  /** 0 for a chain's first entry of the day, then 1, 2, ... */
  seq: number;
  prev: string;
  hash: string;
}

/** The hash a day's chain starts from: ties its first entry to the day and the chain. */
export const chainGenesis = (day: string, chainId: string) => sha256(`lenslab-audit|${day}|${chainId}`);

/** One writer's chains: `link` is synchronous, so entries made concurrently in one process still get one order. */
export function createAuditChain(newId: () => string = randomUUID) {
  let head: { day: string; id: string; seq: number; hash: string } | undefined;
  return {
    link(event: AuditEvent): ChainLink {
      const day = event.at.slice(0, 10);
      if (!head || head.day !== day) {
        const id = newId();
        head = { day, id, seq: -1, hash: chainGenesis(day, id) };
      }
      const seq = head.seq + 1;
      const prev = head.hash;
      const hash = entryHash(prev, event, head.id, seq);
      head = { ...head, seq, hash };
      return { id: head.id, seq, prev, hash };
    },
  };
}

export function entryHash(prev: string, event: AuditEvent, chainId: string, seq: number): string {
  return sha256(`${prev}\n${canonicalJson({ event, chain: { id: chainId, seq } })}`);
}

/** When DynamoDB's TTL may remove an entry: six years after it was written (HIPAA's retention). */
export function auditExpiresAt(at: string): number {
  const expires = new Date(at);
  expires.setUTCFullYear(expires.getUTCFullYear() + AUDIT_RETENTION_YEARS);
  return Math.floor(expires.getTime() / 1000);
}

/**
 * A stored item as the entry it was written from: the keys and index attributes left out, absent fields null.
 * Both the listing and the verification read items through it, so the hash covers what the Audit page shows.
 */
export function auditEventOfItem(item: Record<string, unknown>): AuditEvent {
  const { day: _day, sk: _sk, actorEmail: _actorEmail, chain: _chain, expiresAt: _expiresAt, ...rest } = item;
  return auditEventSchema.parse({
    ...rest,
    actor: rest.actor ?? null,
    target: rest.target ?? null,
    accountNumber: rest.accountNumber ?? null,
    status: rest.status ?? null,
    before: rest.before ?? null,
    after: rest.after ?? null,
  });
}

export interface DayVerification {
  day: string;
  entries: number;
  chains: number;
  /** One line per problem, naming the entry; empty when the day is intact. */
  problems: string[];
}

/**
 * Checks one UTC day's stored items (the whole `day` partition): every entry belongs to a chain, recomputes to
 * its hash, links to the entry before it, and chains have no gap; the attributes derived from an entry (keys,
 * index values, expiry) still match it. A gap can also be a write that failed: the trail logs those as
 * `AUDIT WRITE FAILED` with the whole entry.
 */
export function verifyAuditDay(day: string, items: readonly Record<string, unknown>[]): DayVerification {
  const problems: string[] = [];
  const chains = new Map<string, { seq: number; prev: string; hash: string; eventId: string }[]>();
  for (const item of items) {
    const name = `entry ${String(item['sk'] ?? '?')}`;
    let event: AuditEvent;
    try {
      event = auditEventOfItem(item);
    } catch {
      problems.push(`${name}: not an audit entry any more (its fields do not parse)`);
      continue;
    }
    const derived = derivedAttributes(event);
    for (const [key, value] of Object.entries(derived)) {
      if (item[key] !== value)
        problems.push(`${name}: ${key} is ${String(item[key])}, the entry says ${String(value)}`);
    }
    if (derived.day !== day) problems.push(`${name}: written on ${derived.day}, stored under ${day}`);
    const link = item['chain'] as Partial<ChainLink> | undefined;
    if (
      !link ||
      typeof link.id !== 'string' ||
      typeof link.seq !== 'number' ||
      typeof link.prev !== 'string' ||
      typeof link.hash !== 'string'
    ) {
      problems.push(`${name}: has no chain link (replaced, or written before entries were chained)`);
      continue;
    }
    if (entryHash(link.prev, event, link.id, link.seq) !== link.hash) {
      problems.push(`${name}: does not match its hash (edited after it was written)`);
    }
    const chain = chains.get(link.id) ?? [];
    chain.push({ seq: link.seq, prev: link.prev, hash: link.hash, eventId: event.eventId });
    chains.set(link.id, chain);
  }
  for (const [id, links] of chains) {
    links.sort((a, b) => a.seq - b.seq);
    let prevHash = chainGenesis(day, id);
    let expected = 0;
    for (const link of links) {
      if (link.seq !== expected) {
        problems.push(
          link.seq < expected
            ? `chain ${id}: entry #${link.seq} appears twice (${link.eventId})`
            : `chain ${id}: entries #${expected}..#${link.seq - 1} are missing (removed, or a write that failed: see AUDIT WRITE FAILED in the logs)`,
        );
      } else if (link.prev !== prevHash) {
        problems.push(`chain ${id}: entry #${link.seq} (${link.eventId}) does not link to the entry before it`);
      }
      prevHash = link.hash;
      expected = link.seq + 1;
    }
  }
  return { day, entries: items.length, chains: chains.size, problems };
}

/** The attributes the adapter derives from an entry when it stores it (dynamo-audit-log.ts). */
export function derivedAttributes(event: AuditEvent) {
  return {
    day: event.at.slice(0, 10),
    sk: `${event.at}#${event.eventId}`,
    actorEmail: event.actor?.email?.toLowerCase(),
    accountNumber: event.accountNumber ?? undefined,
    expiresAt: auditExpiresAt(event.at),
  };
}

/** JSON with object keys sorted and null or absent fields left out: the same text before and after a round trip. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== null && v !== undefined) out[key] = canonical(v);
  }
  return out;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
