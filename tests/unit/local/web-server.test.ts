import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWebServer, type WebServer } from '../../../local/web-server';
import type { RuntimeConfig } from '../../../core/schemas/runtime-config';

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
    web = await startWebServer({
      port: 0,
      distDir: dist,
      // Nothing listens here: /api answers 502, still with the page headers.
      apiUrl: 'http://127.0.0.1:9',
      config: () => ({ stage: 'local' }) as RuntimeConfig,
      termsUrl: '/terms.pdf',
      csp: { pages: PAGES, termsDocument: TERMS },
    });
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
