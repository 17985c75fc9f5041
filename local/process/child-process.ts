import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** A child the local stack started; `stop()` ends its whole process group and waits for it. */
export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const running = new Set<ManagedProcess>();

/**
 * Starts an emulator in its own process group with its output in a log file (and optionally observed line
 * by line), and registers it so that any exit of the parent ends it too.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { logFile: string; onOutput?: (text: string) => void },
): ManagedProcess {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) => {
    log.write(chunk);
    options.onOutput?.(chunk.toString('utf8'));
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const managed: ManagedProcess = {
    name,
    child,
    async stop() {
      running.delete(managed);
      if (child.exitCode === null && child.signalCode === null) {
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 3000);
        await exited;
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

/** Last resort on an abrupt exit: synchronously signal every group still running. */
process.once('exit', () => {
  for (const managed of running) killGroup(managed.child, 'SIGKILL');
});
