import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { codeSplittingGroups } from './scripts/code-splitting.ts';
import { featureBarrelsPlugin } from './scripts/feature-barrels.ts';
import { prerenderPlugin } from './scripts/prerender-plugin.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The web app (web/). `npm run build:web` writes web/dist (git-ignored), which the CDK web construct
 * uploads and the local stack serves. `npm run dev:web` serves the sources with hot reload and forwards
 * the runtime config and the API to a running local stack (`npm start`, port 4800 unless LENSLAB_WEB_URL
 * says otherwise).
 */
const LOCAL_STACK = process.env.LENSLAB_WEB_URL ?? 'http://127.0.0.1:4800';

export default defineConfig(({ isSsrBuild }) => ({
  root: fromRoot('web'),
  publicDir: fromRoot('web/public'),
  // The public pages are also written as HTML (scripts/prerender-plugin.ts), which manifest: true below needs.
  plugins: [featureBarrelsPlugin(fromRoot('web/src/features')), react(), prerenderPlugin()],
  build: {
    outDir: fromRoot('web/dist'),
    emptyOutDir: true,
    // scripts/page-payload.ts reads the manifest to size what each page fetches (npm run budget, bench:web).
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    // A few larger files instead of many small ones (scripts/code-splitting.ts says why); the prerender's own
    // Node build (isSsrBuild) is one file anyway.
    ...(isSsrBuild
      ? {}
      : { rolldownOptions: { output: { codeSplitting: { groups: codeSplittingGroups(fromRoot('web')) } } } }),
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/config.json': LOCAL_STACK,
      '/api': LOCAL_STACK,
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
}));
