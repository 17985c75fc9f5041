/** `npm run reset`: deletes the local stack's data (tables, users, files, logs); the next start seeds again. */
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runningStackPid } from './stack-lock';

const root = resolve('.local');
const dataDir = resolve(process.env.LENSLAB_DATA_DIR || join(root, 'data'));
const running = runningStackPid(dataDir);
if (running !== null) {
  console.error(`The local stack is running (pid ${running}): stop it (Ctrl-C) before "npm run reset".`);
  process.exit(1);
}
// A LENSLAB_DATA_DIR outside .local is deleted only when it holds the stack's state (never a mistyped path).
if (!dataDir.startsWith(root + '/') && existsSync(dataDir) && !existsSync(join(dataDir, 'state.json'))) {
  console.error(`${dataDir} does not look like the local stack's data folder (no state.json): not deleting it.`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
rmSync(root, { recursive: true, force: true });
console.info(`Removed ${dataDir}. The next "npm start" creates fresh demo data.`);
