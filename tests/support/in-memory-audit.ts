import type { AuditEvent } from '../../core/schemas/audit';
import type { AdminChange, AuditLog, AuditTrail } from '../../lambdas/ports/audit-log';

/** The audit log in memory: entries in append order; `failWith` or `delayMs` make appends fail or hang. */
export class InMemoryAuditLog implements AuditLog {
  readonly events: AuditEvent[] = [];
  failWith: Error | null = null;
  delayMs = 0;
  aborted = 0;

  async append(event: AuditEvent, signal?: AbortSignal): Promise<void> {
    // Like the adapter's request, a signal aborted before the call sends nothing.
    if (signal?.aborted) throw new Error('aborted');
    if (this.delayMs) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, this.delayMs);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          this.aborted++;
          reject(new Error('aborted'));
        });
      });
    }
    if (this.failWith) throw this.failWith;
    if (this.events.some((e) => e.eventId === event.eventId)) throw new Error('entry exists (append-only)');
    this.events.push(structuredClone(event));
  }
}

/** A trail that keeps the changes a use case reports, for use-case tests. */
export function recordingTrail(): { audit: AuditTrail; changes: AdminChange[] } {
  const changes: AdminChange[] = [];
  return {
    changes,
    audit: {
      recordChange: async (change) => {
        changes.push(change);
      },
    },
  };
}
