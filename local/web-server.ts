import { createReadStream, existsSync, statSync } from 'node:fs';
import { listenOnLoopback } from './process/listen-on-loopback';
import { createServer, request, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import type { RuntimeConfig } from '../core/schemas/runtime-config';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** The same security headers CloudFront's response headers policy adds in AWS (kept loose enough for local URLs). */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the built SPA like CloudFront does in AWS: static files, `index.html` for client-side routes,
 * the runtime `/config.json`, and `/api/*` forwarded to the (local) API on the same origin.
 */
export async function startWebServer(options: {
  port: number;
  distDir: string;
  apiUrl: string;
  config: () => RuntimeConfig;
}): Promise<WebServer> {
  const root = resolve(options.distDir);
  const api = new URL(options.apiUrl);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://web');
    if (url.pathname.startsWith('/api/')) {
      const upstream = request(
        {
          hostname: api.hostname,
          port: api.port,
          path: url.pathname + url.search,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'API unavailable' }));
      });
      req.pipe(upstream);
      return;
    }
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', ...SECURITY_HEADERS });
      res.end(JSON.stringify(options.config()));
      return;
    }
    const file = normalize(join(root, decodeURIComponent(url.pathname)));
    const isFile = file.startsWith(root) && existsSync(file) && statSync(file).isFile();
    if (!isFile && extname(url.pathname) !== '' && !url.pathname.endsWith('.html')) {
      res.writeHead(404, { 'content-type': 'text/plain', ...SECURITY_HEADERS }).end('Not found');
      return;
    }
    const target = isFile ? file : join(root, 'index.html');
    if (!existsSync(target)) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built: run "npx vite build".');
      return;
    }
    const cache = url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, {
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'cache-control': cache,
      ...SECURITY_HEADERS,
    });
    createReadStream(target).pipe(res);
  });
  return listenOnLoopback(server, options.port);
}
