/**
 * Keeps the stored userActivity record current (spec 7, 9): a sync every 60 s, and activity written at most
 * once per 30 s, except the writes that must not wait (login, Continue Session). The server throttles too
 * (putActivity), so several tabs cannot exceed it together.
 */
import { SESSION } from '../../../../../core/constants';
import type { ActivityReport, PutActivityInput } from '../../../../../core/schemas/activity';
import type { Scheduler } from './inactivity-controller';

export interface ActivitySyncOptions {
  /** The `putActivity` route. */
  put: (input: PutActivityInput) => Promise<unknown>;
  /** The current record for this last-activity time. */
  buildReport: (lastActivity: number, now: number) => ActivityReport;
  now?: () => number;
  scheduler?: Scheduler;
  syncIntervalMs?: number;
  minWriteIntervalMs?: number;
  log?: (message: string, error?: unknown) => void;
}

const browserScheduler: Scheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};

export class ActivitySync {
  private lastActivity = 0;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private syncTimer: unknown = null;
  private trailingTimer: unknown = null;
  private running = false;
  private readonly now: () => number;
  private readonly scheduler: Scheduler;
  private readonly syncIntervalMs: number;
  private readonly minWriteIntervalMs: number;

  constructor(private readonly options: ActivitySyncOptions) {
    this.now = options.now ?? Date.now;
    this.scheduler = options.scheduler ?? browserScheduler;
    this.syncIntervalMs = options.syncIntervalMs ?? SESSION.activitySyncMs;
    this.minWriteIntervalMs = options.minWriteIntervalMs ?? SESSION.activityMinWriteIntervalMs;
  }

  /** Starts the 60 s sync for a signed-in user. */
  start(lastActivity: number): void {
    this.lastActivity = Math.max(this.lastActivity, lastActivity);
    if (this.running) return;
    this.running = true;
    this.scheduleSync();
  }

  /** Stops every pending write (sign-out, expiry). */
  stop(): void {
    this.running = false;
    this.clear('syncTimer');
    this.clear('trailingTimer');
    this.lastActivity = 0;
    this.lastWriteAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * The session ends (sign-out, expiry): one last write at once, which the caller's report marks 'inactive',
   * then the sync stops. Resolves when that write answered (or failed: it is logged like any sync).
   */
  async finish(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.clear('syncTimer');
    this.clear('trailingTimer');
    await this.write(true);
    this.stop();
  }

  /** Stamps activity; `immediate` writes now (spec 4: Continue writes immediately), otherwise debounced. */
  markActivity(at: number, immediate: boolean): void {
    this.lastActivity = Math.max(this.lastActivity, at);
    if (!this.running) return;
    if (immediate) void this.write(true);
    else this.requestWrite();
  }

  /** spec 7, 9: at most one write per 30 s; a write asked for sooner runs when the 30 s are over. */
  private requestWrite(): void {
    const wait = this.lastWriteAt + this.minWriteIntervalMs - this.now();
    if (wait <= 0) {
      void this.write(false);
      return;
    }
    if (this.trailingTimer !== null) return;
    this.trailingTimer = this.scheduler.setTimeout(() => {
      this.trailingTimer = null;
      if (this.running) void this.write(false);
    }, wait);
  }

  private scheduleSync(): void {
    this.syncTimer = this.scheduler.setTimeout(() => {
      this.syncTimer = null;
      if (!this.running) return;
      this.requestWrite();
      this.scheduleSync();
    }, this.syncIntervalMs);
  }

  private async write(immediate: boolean): Promise<void> {
    const now = this.now();
    this.lastWriteAt = now;
    if (immediate) this.clear('trailingTimer');
    try {
      await this.options.put({ ...this.options.buildReport(this.lastActivity, now), immediate });
    } catch (error) {
      // The next sync writes again; a lost write only makes the stored record a minute older.
      (this.options.log ?? ((m, e) => console.warn(m, e)))('Activity sync failed', error);
    }
  }

  private clear(timer: 'syncTimer' | 'trailingTimer'): void {
    if (this[timer] !== null) this.scheduler.clearTimeout(this[timer]);
    this[timer] = null;
  }
}
