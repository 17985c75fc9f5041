/**
 * What a page of the built SPA fetches before it can show itself, read from the build alone: the scripts,
 * module preloads and style sheets `index.html` names, the page's route modules (the lazy chunks the router
 * loads for that path), and everything those import statically, with their CSS, as Vite's manifest records
 * them. The sizes are those the local web server and CloudFront send (local/web-compression.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressSync, isCompressibleSize } from '../local/web-compression';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ViteBuild {
  distDir: string;
  html: string;
  manifest: Manifest;
}

export interface PayloadFile {
  /** Path as the browser asks for it, without the leading slash (`assets/index-1a2b.js`). */
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

export interface PagePayload {
  js: PayloadFile[];
  css: PayloadFile[];
}

export class BuildError extends Error {}

export function readViteBuild(distDir: string): ViteBuild {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const htmlPath = join(distDir, 'index.html');
  for (const path of [htmlPath, manifestPath]) {
    if (!existsSync(path)) throw new BuildError(`No ${path}: build the web app first (vite build, manifest on).`);
  }
  return {
    distDir,
    html: readFileSync(htmlPath, 'utf8'),
    manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest,
  };
}

/**
 * The files a page's HTML makes the browser fetch at once: module scripts, module preloads, style sheets
 * (linked or preloaded);
 * `scripts` are the module scripts alone (the entry).
 */
export function htmlReferences(html: string): { js: string[]; css: string[]; scripts: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const scripts: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    const local = (url: string | undefined) => (url && url.startsWith('/') && !url.startsWith('//') ? url : undefined);
    if (/^<script/i.test(tag)) {
      const src = local(attribute('src'));
      if (src) js.push(src.slice(1));
      if (src) scripts.push(src.slice(1));
      continue;
    }
    const rel = attribute('rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = local(attribute('href'));
    if (!href) continue;
    if (rel.includes('modulepreload')) js.push(href.slice(1));
    else if (rel.includes('stylesheet')) css.push(href.slice(1));
    // A signed-in page's shell preloads its style sheets instead of linking them (scripts/prerender-html.ts).
    else if (rel.includes('preload') && attribute('as')?.toLowerCase() === 'style') css.push(href.slice(1));
  }
  return { js, css, scripts };
}

/** A page's own HTML file under the build (`auth/login/index.html`, scripts/prerender-plugin.ts). */
export function readPageHtml(build: ViteBuild, file: string): string {
  const path = join(build.distDir, file);
  if (!existsSync(path)) throw new BuildError(`No ${path}: the build did not write that page.`);
  return readFileSync(path, 'utf8');
}

/**
 * The JavaScript and CSS a page loads: what its HTML names (index.html unless `html` is given) and
 * `routeModules`, source paths relative to the Vite root (`src/app/routes/auth/login.tsx`), the modules the
 * router imports for the page's path, with all they import.
 */
export function pageFiles(
  build: ViteBuild,
  routeModules: readonly string[],
  html = build.html,
): { js: string[]; css: string[] } {
  const { manifest } = build;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const fromHtml = htmlReferences(html);
  const starts = fromHtml.js.flatMap((file) => keyOfFile.get(file) ?? []);
  for (const module of routeModules) {
    if (!manifest[module]) {
      throw new BuildError(`${module} is not a chunk of this build: the budget names a module that moved or left.`);
    }
    starts.push(module);
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  starts.forEach(visit);
  const js = new Set(fromHtml.js);
  const css = new Set(fromHtml.css);
  // The entry's CSS is the HTML's to name: index.html links it, a prerendered page has it inline.
  const entries = new Set(fromHtml.scripts);
  for (const key of seen) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    if (!entries.has(chunk.file)) for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js: [...js].sort(), css: [...css].sort() };
}

/** A file's size as sent: compressed each way, or as it is where CloudFront would not compress it. */
export function payloadFile(distDir: string, file: string): PayloadFile {
  const bytes = readFileSync(join(distDir, file));
  const compressed = isCompressibleSize(bytes.length);
  return {
    file,
    bytes: bytes.length,
    gzip: compressed ? compressSync(bytes, 'gzip').length : bytes.length,
    brotli: compressed ? compressSync(bytes, 'br').length : bytes.length,
  };
}

export function pagePayload(build: ViteBuild, routeModules: readonly string[], html = build.html): PagePayload {
  const files = pageFiles(build, routeModules, html);
  return {
    js: files.js.map((file) => payloadFile(build.distDir, file)),
    css: files.css.map((file) => payloadFile(build.distDir, file)),
  };
}

export const sumOf = (files: readonly PayloadFile[], size: keyof Omit<PayloadFile, 'file'>) =>
  files.reduce((total, f) => total + f[size], 0);

export const kib = (bytes: number) => bytes / 1024;
