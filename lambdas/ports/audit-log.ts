import type { AuditEvent, AuditTargetType, ChangeAction } from '../../core/schemas/audit';

/**
 * The audit log's store. Writers only append: an entry is written once under its own id and
 * never changed or removed (the adapter's put is conditional; IAM grants writers PutItem only).
 */
export interface AuditLog {
  /** Adds one entry. `signal` abandons the write (the caller waits only so long). */
  append(event: AuditEvent, signal?: AbortSignal): Promise<void>;
}

export interface AuditQuery {
  /** The caller's lower-cased email. */
  actorEmail?: string | undefined;
  accountNumber?: string | undefined;
  action?: string | undefined;
  /** UTC days, both included, `from <= to`. */
  from: string;
  to: string;
  limit: number;
  cursor?: string | undefined;
}

/** The Audit page's reader (super admins only; the one route that reads the table). */
export interface AuditLogReader {
  /** Newest first. A page may hold fewer than `limit` entries; `nextCursor` null on the last page. */
  list(query: AuditQuery): Promise<{ items: AuditEvent[]; nextCursor: string | null }>;
}

/** One change made by the lab, as a use case reports it; the trail adds who, when, where from and the ids. */
export interface AdminChange {
  action: ChangeAction;
  target: { type: AuditTargetType; id: string };
  /** The practice the change concerns, for the Audit page's practice filter. */
  accountNumber?: string | null | undefined;
  /** The record before and after (a create has no before, a delete no after); reduced to what changed. */
  before?: object | null | undefined;
  after?: object | null | undefined;
  /** Keys kept in before/after even when unchanged (ids that say which record it is). */
  keep?: readonly string[];
}

/**
 * What a use case receives to report its changes: bound to the request's caller by the handler wrapper
 * (`ctx.audit`). Never throws and waits only briefly: a change already made is never failed by its audit
 * entry (a write that fails is logged with the entry, so the record survives in the logs).
 */
export interface AuditTrail {
  recordChange(change: AdminChange): Promise<void>;
}
