/**
 * How long each toast stays open (spec 2 "Notifications", spec 9 toast constants), as the old portal's toast
 * library meant its settings: a toast closes after 5 s; the pointer (or keyboard focus) on it holds it open,
 * and once it leaves the toast closes 1 s later (the "extended timeout"); at most 5 are open, and a 6th closes
 * the oldest ("auto-dismiss"); a message that is already open is counted on that toast, not shown again.
 *
 * The timers live here, not in react-toastify: its timer is the progress bar's CSS animation, which resumes
 * the remaining time on leave instead of closing 1 s later, queues a 6th toast instead of closing the oldest,
 * and, with reduced motion (animations cut to 0.01 ms), closed every toast the moment it opened.
 */
export interface ToastTiming {
  timeoutMs: number;
  extendedTimeoutMs: number;
  maxOpen: number;
}

/** What a toast shows of its life: the repeat count and its progress bar (restarted whenever `phase` moves). */
export interface ToastLife {
  count: number;
  /** The bar's run from full to empty. */
  durationMs: number;
  /** False while held (pointer or focus on the toast): the bar stands still, full. */
  running: boolean;
  phase: number;
}

interface Entry {
  /** The toast library's id of the shown toast. */
  toastId: string;
  life: ToastLife;
  timer: ReturnType<typeof setTimeout> | undefined;
  listeners: Set<() => void>;
}

export type ToastLifetimes = ReturnType<typeof createToastLifetimes>;

/**
 * The open toasts by message key, oldest first. `dismiss` closes a shown toast (the library's dismiss); the
 * library reports every close back through `closed`, whatever closed it (timer, close button, a newer toast).
 */
export function createToastLifetimes(timing: ToastTiming, dismiss: (toastId: string) => void) {
  const open = new Map<string, Entry>();

  const change = (entry: Entry, life: Partial<ToastLife>) => {
    entry.life = { ...entry.life, ...life };
    for (const listener of entry.listeners) listener();
  };

  const arm = (key: string, entry: Entry, ms: number) => {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => close(key), ms);
  };

  function close(key: string) {
    const entry = open.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    open.delete(key);
    dismiss(entry.toastId);
  }

  return {
    /**
     * A message to show: 'counted' when a toast with it is open (its count goes up, its timer is left alone,
     * as the library's `countDuplicates` without `resetTimeoutOnDuplicate`), else 'opened' after closing the
     * oldest toasts beyond the limit. `toastId` is the id the caller shows the new toast under.
     */
    show(key: string, toastId: string): 'opened' | 'counted' {
      const entry = open.get(key);
      if (entry) {
        change(entry, { count: entry.life.count + 1 });
        return 'counted';
      }
      for (const oldest of open.keys()) {
        if (open.size < timing.maxOpen) break;
        close(oldest);
      }
      const fresh: Entry = {
        toastId,
        life: { count: 1, durationMs: timing.timeoutMs, running: true, phase: 0 },
        timer: undefined,
        listeners: new Set(),
      };
      open.set(key, fresh);
      arm(key, fresh, timing.timeoutMs);
      return 'opened';
    },

    /** The pointer or focus is on the toast: it stays until released. */
    hold(key: string) {
      const entry = open.get(key);
      if (!entry || !entry.life.running) return;
      clearTimeout(entry.timer);
      change(entry, { running: false, durationMs: timing.extendedTimeoutMs, phase: entry.life.phase + 1 });
    },

    /** The pointer or focus left: the toast closes after the extended timeout. */
    release(key: string) {
      const entry = open.get(key);
      if (!entry || entry.life.running) return;
      change(entry, { running: true });
      arm(key, entry, timing.extendedTimeoutMs);
    },

    /** The toast was closed (any way): forget it, so the same message opens a new toast. */
    closed(key: string) {
      const entry = open.get(key);
      if (!entry) return;
      clearTimeout(entry.timer);
      open.delete(key);
    },

    life: (key: string): ToastLife | undefined => open.get(key)?.life,

    subscribe(key: string, listener: () => void): () => void {
      const entry = open.get(key);
      entry?.listeners.add(listener);
      return () => entry?.listeners.delete(listener);
    },
  };
}
