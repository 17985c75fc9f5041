import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findStaticFile, type WebServer } from '../../../local/web-server';
import type { RuntimeConfig } from '../../../core/schemas/runtime-config';
import { startTestWebServer } from '../../support/local-web-server';

const PAGES = "default-src 'self'; frame-ancestors 'none'";
const TERMS = "frame-ancestors 'self'";

describe('the local web server sends the security headers CloudFront sends in AWS', () => {
  let dist: string;
  let web: WebServer;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lenslab-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dist, 'terms.pdf'), '%PDF-1.4');
    // Nothing listens behind /api: it answers 502, still with the page headers.
    web = await startTestWebServer(dist, { csp: { pages: PAGES, termsDocument: TERMS } });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test.each(['/', '/customer/order', '/assets/app.js', '/config.json', '/assets/missing.js', '/api/x'])(
    '%s carries the portal policy and may not be framed',
    async (path) => {
      const answer = await fetch(`${web.url}${path}`);
      expect(answer.headers.get('content-security-policy')).toBe(PAGES);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  test('the terms PDF carries its own policy, so the Terms page may frame it (spec 2 Terms page)', async () => {
    const answer = await fetch(`${web.url}/terms.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(TERMS);
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

/** Sends one request exactly as written (fetch would normalise `..` and encode what it must not). */
function rawRequest(url: string, target: string, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const port = Number(new URL(url).port);
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('end', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]),
        body: data.slice(data.indexOf('\r\n\r\n') + 4),
      }),
    );
    socket.on('error', reject);
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}

describe('the local web server serves web/dist and nothing else, and no request stops it', () => {
  const SECRET = 'SECRET-OUTSIDE-DIST';
  let folder: string;
  let web: WebServer;
  let configFails = false;

  beforeAll(async () => {
    // web/dist, its sibling web/dist-other (same prefix), and files beside them that must never be served.
    folder = mkdtempSync(join(tmpdir(), 'lenslab-web-attack-'));
    const dist = join(folder, 'web', 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(folder, 'web', 'dist-other'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(folder, 'web', 'dist-other', 'secret.txt'), SECRET);
    writeFileSync(join(folder, 'web', 'secret.txt'), SECRET);
    writeFileSync(join(folder, 'secret.txt'), SECRET);
    symlinkSync(join(folder, 'web', 'secret.txt'), join(dist, 'leak.txt'));
    web = await startTestWebServer(dist, {
      config: () => {
        if (configFails) throw new Error('config broke');
        return { stage: 'local' } as RuntimeConfig;
      },
      csp: { pages: PAGES, termsDocument: TERMS },
    });
  });
  afterAll(async () => {
    await web.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const stillServing = async () => {
    expect((await rawRequest(web.url, '/')).status).toBe(200);
    expect((await rawRequest(web.url, '/assets/app.js')).body).toContain('console.log(1)');
  };

  test.each([
    // The request of the issue: decodeURIComponent threw out of the handler and ended the process.
    ['a lone %', '/%', 400],
    ['a truncated escape', '/assets/%E0%A4%A', 400],
    ['an invalid UTF-8 escape', '/%C0%AF', 400],
    ['an encoded ../ (%2e%2e%2f)', '/%2e%2e%2fsecret.txt', 400],
    ['an encoded / after ..', '/..%2fsecret.txt', 400],
    ['an encoded ../ from a sub-folder', '/assets/%2E%2E%2F%2E%2E%2Fsecret.txt', 400],
    ['the sibling web/dist-other (same prefix)', '/%2e%2e%2fdist-other%2fsecret.txt', 400],
    ['deep traversal to /etc/passwd', '/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd', 400],
    ['an encoded NUL byte', '/index.html%00.js', 400],
    ['an encoded backslash', '/..%5csecret.txt', 400],
    ['an absolute-form target naming another host', 'http://evil.example/secret.txt', 400],
    ['an asterisk target', '*', 400],
    // Plain and dot-encoded `..` segments are removed by the URL parser: they stay inside web/dist.
    ['a plain /../', '/../secret.txt', 404],
    ['a plain /../ to the sibling', '/../dist-other/secret.txt', 404],
    ['%2e%2e segments', '/%2e%2e/%2e%2e/secret.txt', 404],
    ['backslashes (read as / by the URL parser)', '/..\\..\\secret.txt', 404],
    ['a backslash naming another host (/\\host is //host to the URL parser)', '/\\evil.example/secret.txt', 404],
    ['a symbolic link out of web/dist', '/leak.txt', 404],
  ])('%s (%s) answers %i, serves nothing outside web/dist, and the server keeps serving', async (_, target, status) => {
    const answer = await rawRequest(web.url, target);
    expect(answer.status).toBe(status);
    expect(answer.body).not.toContain(SECRET);
    await stillServing();
  });

  test.each(['//', '//evil.example/orders', '/\\evil.example/orders'])(
    '%s stays on this server (a client-side route: index.html), and the server keeps serving',
    async (target) => {
      const answer = await rawRequest(web.url, target);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<title>portal</title>');
      await stillServing();
    },
  );

  test('a raw NUL byte in the request line is refused by the HTTP parser (400), and the server keeps serving', async () => {
    expect((await rawRequest(web.url, '/index.html\0.js')).status).toBe(400);
    await stillServing();
  });

  test('an unexpected error inside the handler answers 500, and the server keeps serving', async () => {
    configFails = true;
    try {
      expect((await rawRequest(web.url, '/config.json')).status).toBe(500);
    } finally {
      configFails = false;
    }
    expect((await rawRequest(web.url, '/config.json')).status).toBe(200);
    await stillServing();
  });

  test('findStaticFile names files inside the folder only, with the separator', () => {
    const dist = join(folder, 'web', 'dist');
    expect(findStaticFile(dist, '/assets/app.js')).toBe(join(realpathSync(dist), 'assets', 'app.js'));
    expect(findStaticFile(dist, '/')).toBeNull();
    expect(findStaticFile(dist, '/assets')).toBeNull();
    expect(findStaticFile(dist, '/customer/order')).toBeNull();
    expect(findStaticFile(`${dist}/`, '/%2e%2e%2fdist-other/secret.txt')).toBe('refused');
    expect(findStaticFile(dist, '/%')).toBe('refused');
  });
});
