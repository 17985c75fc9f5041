import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { orphanReaper } from './orphan-reaper';

/** A child the local stack started; `stop()` ends its whole process group and waits for it. */
export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** True once the process has exited (a crash during start-up, or after stop()). */
  exited(): boolean;
  /** The last lines it printed: the reason, when it dies during start-up. */
  recentOutput(): string;
  stop(): Promise<void>;
}

const TAIL_CHARS = 2000;
const running = new Set<ManagedProcess>();

/**
 * Starts an emulator in its own process group with its output in a log file (and optionally observed as it
 * arrives). Every way the stack's process can end stops it: stop(), the exit hook below, and the orphan
 * reaper for a SIGKILL.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { logFile: string; onOutput?: (text: string) => void },
): ManagedProcess {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  // Its own process group, so stop() can end it with everything it spawned, in the order the stack chooses.
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const reaper = orphanReaper();
  if (child.pid !== undefined) reaper.watch(child.pid);
  let tail = '';
  const forward = (chunk: Buffer) => {
    log.write(chunk);
    const text = chunk.toString('utf8');
    tail = (tail + text).slice(-TAIL_CHARS);
    options.onOutput?.(text);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  child.once('error', (error) => forward(Buffer.from(`${error.message}\n`)));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  child.once('exit', () => {
    running.delete(managed);
    if (child.pid !== undefined) reaper.release(child.pid);
  });
  const managed: ManagedProcess = {
    name,
    child,
    exited: () => hasExited() || (child.pid === undefined && child.exitCode === null),
    recentOutput: () => tail.trim(),
    async stop() {
      running.delete(managed);
      if (child.pid !== undefined && !hasExited()) {
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 3000);
        await closed;
        clearTimeout(timer);
      }
      log.end();
    },
  };
  running.add(managed);
  return managed;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Last resort on an abrupt exit (uncaught error, process.exit): synchronously signal every group still running. */
process.once('exit', () => {
  for (const managed of running) killGroup(managed.child, 'SIGKILL');
});
