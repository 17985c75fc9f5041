/**
 * Vite plugin: after the browser build, renders the public pages of the route table (`prerendered`) to
 * HTML files (`/auth/login` -> `auth/login/index.html`, scripts/prerender-html.ts), so they paint before any
 * script runs and React hydrates them (web/src/main.tsx), and records them with the hashes of their inline
 * styles for the deploy and the local server (infra/prerendered-build.ts). It builds web/src/prerender/render-page.tsx for Node with the same
 * config (same CSS module names, same aliases) into a temporary folder and runs it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_BUILD_FILE, type PrerenderedBuild } from '../infra/prerendered-build.ts';
import { prerenderedFile, prerenderedPage, shellPage, type PrerenderedPageInput } from './prerender-html.ts';

const SERVER_ENTRY = 'src/prerender/render-page.tsx';
/** The app's start (web/src/app/start.tsx), which the entry imports: every page needs it to run. */
export const APP_START = 'src/app/start.tsx';

interface ServerEntry {
  PRERENDERED_PATHS: readonly string[];
  SHELL_PATHS: readonly string[];
  SHELL_IMAGES: readonly string[];
  renderPage(path: string): Promise<PrerenderedPageInput>;
  shellModulesOf(path: string): string[];
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'lenslab-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      // Inside the project (Vite's cache folder), so the server build's imports resolve to node_modules.
      mkdirSync(config.cacheDir, { recursive: true });
      const serverDir = mkdtempSync(join(config.cacheDir, 'prerender-'));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: SERVER_ENTRY,
            outDir: serverDir,
            emptyOutDir: true,
            manifest: false,
            sourcemap: false,
            copyPublicDir: false,
            rollupOptions: { output: { entryFileNames: 'render-page.js' } },
          },
        });
        const server = (await import(pathToFileURL(join(serverDir, 'render-page.js')).href)) as ServerEntry;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
        const readAsset = (file: string) => readFileSync(join(outDir, file), 'utf8');
        const built: PrerenderedBuild = { pages: [], styleHashes: [] };
        for (const path of server.PRERENDERED_PATHS) {
          const rendered = await server.renderPage(path);
          const page = prerenderedPage(
            template,
            manifest,
            { ...rendered, modules: [APP_START, ...rendered.modules] },
            readAsset,
          );
          const file = join(outDir, prerenderedFile(path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, page.html);
          built.pages.push(path);
          if (!built.styleHashes.includes(page.styleHash)) built.styleHashes.push(page.styleHash);
        }
        // Signed-in pages: served their own shell the same way (no inline style, so no hash).
        for (const path of server.SHELL_PATHS) {
          const file = join(outDir, prerenderedFile(path));
          mkdirSync(dirname(file), { recursive: true });
          const modules = [APP_START, ...server.shellModulesOf(path)];
          writeFileSync(file, shellPage(template, manifest, modules, server.SHELL_IMAGES));
          built.pages.push(path);
        }
        // Every other path gets index.html: it preloads the app's start, which its entry imports at once.
        writeFileSync(join(outDir, 'index.html'), shellPage(template, manifest, [APP_START]));
        writeFileSync(join(outDir, PRERENDERED_BUILD_FILE), `${JSON.stringify(built, null, 2)}\n`);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
