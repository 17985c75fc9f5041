import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `stack.pid` in the data folder: the `npm start` process using it. */
const lockFile = (dataDir: string) => join(dataDir, 'stack.pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the local stack running on this data folder, or null (none, or a stale file from a crash). */
export function runningStackPid(dataDir: string): number | null {
  if (!existsSync(lockFile(dataDir))) return null;
  const pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
}

export class StackAlreadyRunningError extends Error {}

/**
 * One local stack per data folder: two would write the same DynamoDB files and cognito-local database.
 * Returns the release function; a lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const other = runningStackPid(dataDir);
  if (other !== null) {
    throw new StackAlreadyRunningError(
      `The local stack is already running on ${dataDir} (pid ${other}): use that one, or stop it first.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => {
    if (runningStackPid(dataDir) === null) rmSync(lockFile(dataDir), { force: true });
  };
}
