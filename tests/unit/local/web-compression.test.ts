import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { negotiateEncoding } from '../../../local/web-compression';
import type { WebServer } from '../../../local/web-server';
import { startTestWebServer } from '../../support/local-web-server';

describe('negotiateEncoding picks what CloudFront would send for an Accept-Encoding header', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', null],
    ['br;q=0.5', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
  ])('%j answers %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these request headers, answering the bytes as sent (fetch would decompress them). */
function get(url: string, path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the local web server compresses the site as CloudFront does', () => {
  const APP = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i}"`).join(',')}];\n`;
  const PAGE = `<!doctype html><title>portal</title>${'<p>Lenslab</p>'.repeat(100)}`;
  let dist: string;
  let web: WebServer;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lenslab-web-compress-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), PAGE);
    writeFileSync(join(dist, 'assets', 'app-1a2b.js'), APP);
    writeFileSync(join(dist, 'assets', 'tiny-3c4d.js'), 'console.log(1)');
    writeFileSync(join(dist, 'terms.pdf'), `%PDF-1.4 ${'x'.repeat(5000)}`);
    web = await startTestWebServer(dist);
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('a hashed asset goes out Brotli-compressed to a browser that accepts it, still cached for a year', async () => {
    const answer = await get(web.url, '/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.body).toString()).toBe(APP);
    expect(answer.body.length).toBeLessThan(APP.length / 2);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  });

  test('a client that accepts only gzip gets gzip', async () => {
    const answer = await get(web.url, '/assets/app-1a2b.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(APP);
  });

  test('a client that accepts neither gets the file as it is', async () => {
    const answer = await get(web.url, '/assets/app-1a2b.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.body.toString()).toBe(APP);
  });

  test('index.html for a client-side route is compressed and revalidated on every load', async () => {
    const answer = await get(web.url, '/customer/order', 'gzip, br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.body).toString()).toBe(PAGE);
  });

  test('files under 1,000 bytes and PDFs are sent uncompressed, as CloudFront leaves them', async () => {
    const tiny = await get(web.url, '/assets/tiny-3c4d.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('console.log(1)');
    const pdf = await get(web.url, '/terms.pdf', 'br, gzip');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.toString()).toMatch(/^%PDF-1.4 x+$/);
  });

  test('a rebuilt file is compressed again, not answered from the old compressed copy', async () => {
    const file = join(dist, 'index.html');
    await get(web.url, '/', 'br');
    const rebuilt = PAGE.replace('portal', 'rebuilt portal');
    writeFileSync(file, rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const answer = await get(web.url, '/', 'br');
    expect(brotliDecompressSync(answer.body).toString()).toBe(rebuilt);
  });
});
