/**
 * Work that must run while the user's token still works, before a logout ends the session server-side (the
 * activity record's last 'inactive' write). The session provider runs it first in every logout; it waits at
 * most `BEFORE_SIGN_OUT_MAX_MS`, so a slow or failing write never keeps anyone signed in.
 */
export const BEFORE_SIGN_OUT_MAX_MS = 3_000;

const tasks = new Set<() => Promise<unknown>>();

/** Registers a task; returns the function that removes it. */
export function beforeSignOut(task: () => Promise<unknown>): () => void {
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

export async function runBeforeSignOut(maxMs: number = BEFORE_SIGN_OUT_MAX_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
  });
  try {
    await Promise.race([Promise.allSettled([...tasks].map((task) => task())), limit]);
  } finally {
    clearTimeout(timer);
  }
}
