/**
 * The orphan reaper's own program (spawned by orphan-reaper.ts, never imported). It keeps the process groups
 * the local stack registers on stdin (reaper-protocol.ts). When stdin closes because the stack's process
 * exited, even by SIGKILL, which no handler can catch, it ends every group still registered and exits.
 */
import { groupsAfter } from './reaper-protocol';

const GRACE_MS = 3000;
let groups = new Set<number>();
let pending = '';

function alive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalAll(signal: NodeJS.Signals): void {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, signal);
    } catch {
      // Already gone.
    }
  }
}

function reap(): void {
  signalAll('SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  const timer = setInterval(() => {
    groups = new Set([...groups].filter(alive));
    if (groups.size === 0) process.exit(0);
    // DynamoDB Local's JVM can take a moment; after the same grace as a normal stop, no more asking.
    if (Date.now() > deadline) {
      signalAll('SIGKILL');
      clearInterval(timer);
      process.exit(0);
    }
  }, 100);
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop() ?? '';
  groups = groupsAfter(groups, lines);
});
process.stdin.on('end', reap);
// The reaper runs in its own session; a terminal's Ctrl-C or hang-up must not end it before its owner.
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
