import { describeError } from '../../core/describe-error';
import type { ManagedProcess } from './child-process';

/**
 * Polls a real readiness check (an API call, an HTTP answer) until it passes or the deadline is reached.
 * No fixed sleeps: the stack is ready as soon as every service answers. When the process behind the check
 * dies first, the error carries its last output (e.g. Java's UnsupportedClassVersionError).
 */
export async function waitUntilReady(
  name: string,
  check: () => Promise<unknown>,
  options: { timeoutMs?: number; intervalMs?: number; process?: Pick<ManagedProcess, 'exited' | 'recentOutput'> } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const output = () => {
    const text = options.process?.recentOutput();
    return text ? `\n${name} printed:\n${text}` : '';
  };
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (options.process?.exited()) throw new Error(`${name} exited before it was ready.${output()}`);
    try {
      await check();
      return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
  throw new Error(`${name} was not ready in time: ${describeError(lastError).message}${output()}`);
}

/** Resolves when an HTTP GET answers with any status. */
export async function httpAnswers(url: string): Promise<void> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
}

/** Waits until a started emulator answers; one that never does is stopped (not left behind) before the error. */
export async function processReady(
  proc: ManagedProcess,
  name: string,
  check: () => Promise<unknown>,
  options: { timeoutMs?: number } = {},
): Promise<ManagedProcess> {
  try {
    await waitUntilReady(name, check, { ...options, process: proc });
    return proc;
  } catch (error) {
    await proc.stop();
    throw error;
  }
}
