/**
 * The page-speed bench's own installs, kept out of the project: bench/web-tools/package.json (Lighthouse and
 * the peer app's stock Vite + React + Amplify UI, exact versions, with its lock file) is installed into
 * bench/.out/web-tools with `npm ci`, and the peer is built there, so its imports resolve to those pinned
 * versions and never to the project's own node_modules.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const OUT = resolve('bench', '.out');
const SOURCE = resolve('bench', 'web-tools');
export const TOOLS = join(OUT, 'web-tools');
/** Where our own app is built for the bench (never web/dist, which other runs serve). */
export const APP_DIST = join(OUT, 'web');
export const PEER_DIST = join(TOOLS, 'peer', 'dist');

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status})`);
}

/** Installs the pinned tools once; again only when bench/web-tools/package*.json change. */
export function installTools(progress: (message: string) => void): void {
  const manifests = ['package.json', 'package-lock.json'].map((f) => readFileSync(join(SOURCE, f)));
  const stamp = createHash('sha256').update(Buffer.concat(manifests)).digest('hex');
  const stampFile = join(TOOLS, 'node_modules', '.bench-stamp');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  progress('Installing the bench tools (Lighthouse, the peer app) into bench/.out/web-tools...');
  mkdirSync(TOOLS, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(SOURCE, file), join(TOOLS, file));
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], TOOLS);
  writeFileSync(stampFile, stamp);
}

/** Builds our SPA into the bench's own folder, exactly as `vite build` builds it for a deploy. */
export function buildApp(progress: (message: string) => void): void {
  progress('Building the portal (vite build --outDir bench/.out/web)...');
  run('npx', ['vite', 'build', '--outDir', APP_DIST, '--emptyOutDir', '--logLevel', 'warn'], process.cwd());
}

/** Builds the peer with its own pinned Vite, stock settings. */
export function buildPeer(progress: (message: string) => void): void {
  progress('Building the peer (stock Vite + React + Amplify UI Authenticator)...');
  const peer = join(TOOLS, 'peer');
  rmSync(peer, { recursive: true, force: true });
  cpSync(join(SOURCE, 'peer'), peer, { recursive: true });
  run(join(TOOLS, 'node_modules', '.bin', 'vite'), ['build', 'peer', '--logLevel', 'error'], TOOLS);
}

/** A module of the installed tools (they are not the project's dependencies, so no static import). */
export async function importTool<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(join(TOOLS, 'node_modules', path)).href)) as T;
}
