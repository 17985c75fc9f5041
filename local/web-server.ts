import { createReadStream, existsSync, statSync } from 'node:fs';
import { listenOnLoopback } from './process/listen-on-loopback';
import { createServer, request, type Server } from 'node:http';
import { extname, join, normalize, posix, resolve } from 'node:path';
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

/** The security headers CloudFront's response headers policies add in AWS (infra/constructs/web.ts). */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export interface WebContentSecurityPolicies {
  /** Every page, asset and API answer: infra/build-content-security-policy.ts with the local origins. */
  pages: string;
  /** The terms PDF's own policy (TERMS_DOCUMENT_CSP): the portal may frame it, and nothing else applies. */
  termsDocument: string;
}

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
  /** The stage's terms PDF path (runtime config `termsUrl`): the one document the portal may frame. */
  termsUrl: string;
  csp: WebContentSecurityPolicies;
}): Promise<WebServer> {
  const root = resolve(options.distDir);
  const api = new URL(options.apiUrl);
  // As in CloudFront: frames are denied everywhere except the terms document, which only the portal may frame.
  const pageHeaders = {
    ...SECURITY_HEADERS,
    'content-security-policy': options.csp.pages,
    'x-frame-options': 'DENY',
  };
  const termsHeaders = {
    ...SECURITY_HEADERS,
    'content-security-policy': options.csp.termsDocument,
    'x-frame-options': 'SAMEORIGIN',
  };
  const isTermsDocument = termsPathMatcher(options.termsUrl);
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
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...pageHeaders });
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json', ...pageHeaders });
        res.end(JSON.stringify({ message: 'API unavailable' }));
      });
      req.pipe(upstream);
      return;
    }
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', ...pageHeaders });
      res.end(JSON.stringify(options.config()));
      return;
    }
    const file = normalize(join(root, decodeURIComponent(url.pathname)));
    const isFile = file.startsWith(root) && existsSync(file) && statSync(file).isFile();
    if (!isFile && extname(url.pathname) !== '' && !url.pathname.endsWith('.html')) {
      res.writeHead(404, { 'content-type': 'text/plain', ...pageHeaders }).end('Not found');
      return;
    }
    const target = isFile ? file : join(root, 'index.html');
    if (!existsSync(target)) {
      res
        .writeHead(503, { 'content-type': 'text/plain', ...pageHeaders })
        .end('The web app is not built: run "npx vite build".');
      return;
    }
    const cache = url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, {
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'cache-control': cache,
      ...(isFile && isTermsDocument(url.pathname) ? termsHeaders : pageHeaders),
    });
    createReadStream(target).pipe(res);
  });
  return listenOnLoopback(server, options.port);
}

/** CloudFront's terms behaviour (termsPathPattern in infra/constructs/web.ts): the file, or its whole folder. */
function termsPathMatcher(termsUrl: string): (path: string) => boolean {
  const folder = posix.dirname(termsUrl);
  return folder === '/' ? (path) => path === termsUrl : (path) => path.startsWith(`${folder}/`);
}
