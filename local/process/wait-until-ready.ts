/**
 * Polls a real readiness check (an API call, an HTTP answer) until it passes or the deadline is reached.
 * No fixed sleeps: the stack is ready as soon as every service answers.
 */
export async function waitUntilReady(
  name: string,
  check: () => Promise<unknown>,
  options: { timeoutMs?: number; intervalMs?: number; exited?: () => boolean } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (options.exited?.()) throw new Error(`${name} exited before it was ready`);
    try {
      await check();
      return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
  throw new Error(
    `${name} was not ready in time: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
  );
}

/** Resolves when an HTTP GET answers with any status. */
export async function httpAnswers(url: string): Promise<void> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
}
