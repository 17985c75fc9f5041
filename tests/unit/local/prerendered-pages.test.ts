import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRERENDERED_BUILD_FILE, readPrerenderedBuild } from '../../../infra/prerendered-build';
import { pageFile, type WebServer } from '../../../local/web-server';
import { startTestWebServer } from '../../support/local-web-server';

/** A build with the sign-in page prerendered (scripts/prerender-plugin.ts) and its record. */
function builtDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'lenslab-prerendered-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'auth', 'login'), { recursive: true });
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>spa</title>');
  writeFileSync(join(dist, 'auth', 'login', 'index.html'), '<!doctype html><title>sign in</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(
    join(dist, PRERENDERED_BUILD_FILE),
    JSON.stringify({ pages: ['/auth/login'], styleHashes: ["'sha256-a='"] }),
  );
  return dist;
}

describe('a prerendered page is served its own file, as CloudFront serves it', () => {
  let dist: string;
  let web: WebServer;
  let policyCalls = 0;

  beforeAll(async () => {
    dist = builtDist();
    web = await startTestWebServer(dist, {
      csp: {
        pages: () => {
          policyCalls += 1;
          return `style-src 'self' ${readPrerenderedBuild(dist).styleHashes.join(' ')}`;
        },
        termsDocument: "frame-ancestors 'self'",
      },
    });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test.each([
    ['/auth/login', 'auth/login/index.html'],
    ['/auth/login/', 'auth/login/index.html'],
    ['/assets/app.js', 'assets/app.js'],
    ['/', 'index.html'],
  ])('%s is read from %s', (path, file) => {
    expect(pageFile(dist, path)).toBe(join(realpathSync(dist), file));
  });

  test.each(['/auth/sign-up', '/customer/home', '/auth'])('%s is no file of its own: the SPA index.html', (path) => {
    expect(pageFile(dist, path)).toBeNull();
  });

  test('a path that could only be an attack is refused, prerendered folder or not', () => {
    expect(pageFile(dist, '/auth/login/%2e%2e%2f..%2fsecret')).toBe('refused');
  });

  test('the server answers the sign-in page with its prerendered HTML, uncached, and other routes with the SPA', async () => {
    const login = await fetch(`${web.url}/auth/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<title>sign in</title>');
    expect(login.headers.get('cache-control')).toBe('no-cache');
    expect(login.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const other = await fetch(`${web.url}/customer/home`);
    expect(await other.text()).toContain('<title>spa</title>');
  });

  test('the page policy is asked on every answer, so it follows a rebuild of the folder', async () => {
    const before = policyCalls;
    const first = await fetch(`${web.url}/auth/login`);
    expect(first.headers.get('content-security-policy')).toBe("style-src 'self' 'sha256-a='");
    writeFileSync(
      join(dist, PRERENDERED_BUILD_FILE),
      JSON.stringify({ pages: ['/auth/login'], styleHashes: ["'sha256-b='"] }),
    );
    const second = await fetch(`${web.url}/auth/login`);
    expect(second.headers.get('content-security-policy')).toBe("style-src 'self' 'sha256-b='");
    expect(policyCalls).toBeGreaterThan(before);
  });

  test('a build without a record has nothing prerendered', () => {
    const empty = mkdtempSync(join(tmpdir(), 'lenslab-unbuilt-'));
    expect(readPrerenderedBuild(empty)).toEqual({ pages: [], styleHashes: [] });
    rmSync(empty, { recursive: true, force: true });
  });
});
