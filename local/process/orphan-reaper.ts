import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { registerLine, releaseLine } from './reaper-protocol';

/**
 * Signal handlers stop the emulators on Ctrl-C, SIGTERM and a normal exit, but nothing runs when the local
 * stack's own process is killed with SIGKILL (an aborted test runner, an OOM kill). This small guard process
 * outlives it: it holds the read end of a pipe from the stack, and when that pipe closes it ends every
 * emulator's process group still registered (local/process/reap-orphans.ts).
 */
export interface OrphanReaper {
  watch(pgid: number): void;
  release(pgid: number): void;
}

let reaper: ChildProcess | undefined;

function startReaper(): ChildProcess {
  const program = fileURLToPath(new URL('./reap-orphans.ts', import.meta.url));
  // `--import tsx` resolves from the working directory: the repository root, where node_modules is.
  const child = spawn(process.execPath, ['--import', 'tsx', program], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    // Its own session: a process-group kill aimed at the stack (or Ctrl-C) must not take the reaper with it.
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the reaper nor its pipe may keep the stack's process alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  child.stdin?.on('error', () => {});
  return child;
}

/** The reaper of this process (one for every stack it starts), started on first use. */
export function orphanReaper(): OrphanReaper {
  reaper ??= startReaper();
  const write = (line: string) => {
    if (reaper?.stdin?.writable) reaper.stdin.write(line);
  };
  return { watch: (pgid) => write(registerLine(pgid)), release: (pgid) => write(releaseLine(pgid)) };
}
