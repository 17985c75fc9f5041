/**
 * Prints the gzip size of the JavaScript each route loads (entry chunk plus the route's lazy page chunk and
 * everything they import statically), from Vite's build manifest, and fails when the sign-in route is over
 * its budget (bench/bundle-budget.json). A script, not a timed test: sizes are deterministic.
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
}
type Manifest = Record<string, ManifestChunk>;

const DIST = join('web', 'dist');
const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (vite build with build.manifest enabled).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const budget = JSON.parse(readFileSync(join('bench', 'bundle-budget.json'), 'utf8')) as {
  signInRoutePattern: string;
  signInRouteMaxGzipKb: number;
};

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The chunk files a module loads before it can run: itself and its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
const entryKeys = staticClosure(entryKey);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sumGzip = (keys: Iterable<string>) =>
  [...keys].reduce((total, k) => total + (manifest[k]?.file.endsWith('.js') ? gzipBytes(manifest[k].file) : 0), 0);

const entryGzip = sumGzip(entryKeys);
const rows = Object.keys(manifest)
  .filter((k) => manifest[k]?.isDynamicEntry)
  .map((k) => {
    const keys = new Set([...entryKeys, ...staticClosure(k)]);
    return { route: k, gzip: sumGzip(keys) };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

console.info(`gzip JS loaded per route (entry alone: ${kb(entryGzip)} KB)`);
for (const row of rows) console.info(`  ${row.route.padEnd(70)} ${kb(row.gzip).padStart(8)} KB`);

const pattern = new RegExp(budget.signInRoutePattern, 'i');
const signIn = rows.find((r) => pattern.test(r.route));
if (!signIn) {
  console.error(`No lazy route chunk matches ${budget.signInRoutePattern}`);
  process.exit(1);
}
const signInKb = signIn.gzip / 1024;
console.info(`sign-in route: ${signInKb.toFixed(1)} KB gzip (budget ${budget.signInRouteMaxGzipKb} KB)`);
if (signInKb > budget.signInRouteMaxGzipKb) {
  console.error('The sign-in route is over its JavaScript budget.');
  process.exit(1);
}
