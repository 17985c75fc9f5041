import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Builds the SPA when web/dist is missing or older than its sources, so `npm start` always serves current code. */
export function buildWebIfStale(progress: (message: string) => void): void {
  if (!['vite.config.ts', 'web/vite.config.ts'].some((file) => existsSync(file))) {
    console.warn('No vite.config.ts yet: the web app is not built, the portal URL answers 503 until it is.');
    return;
  }
  const built = join('web', 'dist', 'index.html');
  const sources = Math.max(...['web/src', 'web/index.html', 'web/public', 'core', 'vite.config.ts'].map(newestMtime));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  progress('Building the web app (vite build)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app failed to build (see above).');
}
