import { createReadStream, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, posix, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { listenOnLoopback } from './process/listen-on-loopback';
import { relay } from './process/relay';
import { guardRequests, originFormUrl } from './process/request-guard';
import type { RuntimeConfig } from '../core/schemas/runtime-config';
import { compressedFiles, isCompressibleType, negotiateEncoding } from './web-compression';

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
  /**
   * Every page, asset and API answer: infra/build-content-security-policy.ts with the local origins. A
   * function is asked on every answer, so a policy that depends on the build (the inline styles of its
   * prerendered pages) follows a rebuild of the folder being served.
   */
  pages: string | (() => string);
  /** The terms PDF's own policy (TERMS_DOCUMENT_CSP): the portal may frame it, and nothing else applies. */
  termsDocument: string;
}

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the built SPA like CloudFront does in AWS: static files (Brotli or gzip, as local/web-compression.ts
 * says), `index.html` for client-side routes, the runtime `/config.json`, and `/api/*` forwarded to the
 * (local) API on the same origin, uncompressed as CloudFront passes API answers.
 */
export async function startWebServer(options: {
  port: number;
  distDir: string;
  apiUrl: string;
  config: () => RuntimeConfig;
  /** The stage's terms PDF path (runtime config `termsUrl`): the one document the portal may frame. */
  termsUrl: string;
  csp: WebContentSecurityPolicies;
  /**
   * The fake card gateway service, in stages whose gateway is fake: `/fake-gateway/*` is forwarded to it, so
   * the test card form posts to the portal's own origin. Unset (stripe stages): that path is not served.
   */
  fakeGatewayUrl?: string | undefined;
}): Promise<WebServer> {
  const root = resolve(options.distDir);
  const api = new URL(options.apiUrl);
  const fakeGateway = options.fakeGatewayUrl ? new URL(options.fakeGatewayUrl) : null;
  /** The local service a path is forwarded to, as CloudFront forwards /api/* in AWS; null: served here. */
  const serviceOf = (path: string): URL | null =>
    path.startsWith('/api/') ? api : fakeGateway && path.startsWith('/fake-gateway/') ? fakeGateway : null;
  // As in CloudFront: frames are denied everywhere except the terms document, which only the portal may frame.
  const pagesPolicy = options.csp.pages;
  const pageHeaderValues = () => ({
    ...SECURITY_HEADERS,
    'content-security-policy': typeof pagesPolicy === 'string' ? pagesPolicy : pagesPolicy(),
    'x-frame-options': 'DENY',
  });
  const termsHeaders = {
    ...SECURITY_HEADERS,
    'content-security-policy': options.csp.termsDocument,
    'x-frame-options': 'SAMEORIGIN',
  };
  const isTermsDocument = termsPathMatcher(options.termsUrl);
  const compressed = compressedFiles();
  const text = (res: ServerResponse, status: number, body: string): void => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...pageHeaderValues() }).end(body);
  };

  function serve(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    const url = originFormUrl(req.url);
    if (!url) return text(res, 400, 'Bad request');
    const service = serviceOf(url.pathname);
    if (service) {
      // The service checks that Host is its own (local/process/host-check.ts), as CloudFront sends the origin's
      // name to API Gateway.
      return relay(req, res, {
        hostname: service.hostname,
        port: service.port,
        path: url.pathname + url.search,
        host: service.host,
        answerHeaders: pageHeaderValues,
        unavailable: (answer) =>
          answer
            .writeHead(502, { 'content-type': 'application/json', ...pageHeaderValues() })
            .end(JSON.stringify({ message: 'API unavailable' })),
      });
    }
    if (url.pathname === '/config.json') {
      const config = JSON.stringify(options.config());
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', ...pageHeaderValues() });
      res.end(config);
      return;
    }
    const found = pageFile(root, url.pathname);
    if (found === 'refused') return text(res, 400, 'Bad request');
    if (!found && extname(url.pathname) !== '' && !url.pathname.endsWith('.html')) {
      return text(res, 404, 'Not found');
    }
    const cache = url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    return sendFile(req, res, found ?? join(root, 'index.html'), {
      'content-type': TYPES[extname(found ?? 'index.html')] ?? 'application/octet-stream',
      'cache-control': cache,
      ...(found && isTermsDocument(url.pathname) ? termsHeaders : pageHeaderValues()),
    });
  }

  /** Answers once the file is open, so a file that cannot be read (not built, removed by a rebuild) is no 200. */
  async function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    headers: Record<string, string>,
  ): Promise<void> {
    const cannotRead = (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return void res.destroy();
      if (error.code === 'ENOENT' && file === join(root, 'index.html')) {
        return text(res, 503, 'The web app is not built: run "npx vite build".');
      }
      text(res, error.code === 'ENOENT' ? 404 : 500, error.code === 'ENOENT' ? 'Not found' : 'Could not read');
    };
    if (isCompressibleType(headers['content-type'])) {
      // The answer differs by Accept-Encoding, compressed or not, so caches must key on it (as CloudFront does).
      headers = { ...headers, vary: 'Accept-Encoding' };
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      if (encoding) {
        let body: Buffer | null;
        try {
          body = await compressed(file, encoding);
        } catch (error) {
          return cannotRead(error as NodeJS.ErrnoException);
        }
        if (body) {
          res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
          res.end(body);
          return;
        }
      }
    }
    const stream = createReadStream(file);
    stream.once('error', cannotRead);
    stream.once('open', () => {
      res.writeHead(200, headers);
      pipeline(stream, res, () => {});
    });
  }

  const server: Server = createServer(
    guardRequests('web server', serve, {
      fail: (_req, res) => text(res, 500, 'Internal error of the local web server'),
    }),
  );
  return listenOnLoopback(server, options.port);
}

/**
 * The file under `root` that a request path names, as its real path: `null` when there is none (a client-side
 * route, a missing asset, a folder, or a symbolic link leading out of `root`), and `'refused'` for a path that
 * could only be an attack: malformed percent-encoding, a NUL byte, a backslash, or a `..` segment (the URL
 * parser already removed plain and `%2e%2e` dot segments, so one left here came from an encoded `/`).
 */
export function findStaticFile(root: string, pathname: string): string | null | 'refused' {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return 'refused';
  }
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) return 'refused';
  const base = resolve(root);
  const file = resolve(base, `.${path}`);
  if (file === base) return null;
  // With the separator: `dist-other` starts with `dist`, but is not inside it.
  if (!file.startsWith(base + sep)) return 'refused';
  try {
    if (!statSync(file).isFile()) return null;
    const real = realpathSync(file);
    return real.startsWith(realpathSync(base) + sep) ? real : null;
  } catch {
    return null;
  }
}

/**
 * What a request path is served from, as CloudFront's viewer-request function decides in AWS
 * (infra/spa-rewrite-source.ts): the file it names, else the page prerendered for it at build time
 * (`/auth/login` -> `auth/login/index.html`, scripts/prerender-plugin.ts); `null` means the SPA's index.html.
 */
export function pageFile(root: string, pathname: string): string | null | 'refused' {
  const found = findStaticFile(root, pathname);
  if (found !== null || extname(pathname) !== '') return found;
  return findStaticFile(root, `${pathname.replace(/\/+$/, '')}/index.html`);
}

/** CloudFront's terms behaviour (termsPathPattern in infra/constructs/web.ts): the file, or its whole folder. */
function termsPathMatcher(termsUrl: string): (path: string) => boolean {
  const folder = posix.dirname(termsUrl);
  return folder === '/' ? (path) => path === termsUrl : (path) => path.startsWith(`${folder}/`);
}
