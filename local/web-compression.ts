import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/**
 * Compression as CloudFront applies it to the site (infra/constructs/web.ts turns on Brotli and gzip in the
 * cache policies): text types only, files of 1,000 to 10,000,000 bytes, Brotli when the browser accepts it,
 * else gzip. The local web server and the bundle budget both size files with it, so `npm run budget`,
 * `npm run bench:web` and a browser on `npm start` see the same bytes.
 */
export type ContentEncoding = 'br' | 'gzip';

/** CloudFront's limits: smaller files gain nothing, larger ones are sent as they are. */
export const COMPRESSIBLE_BYTES = { min: 1_000, max: 10_000_000 } as const;

/**
 * Mid-range levels, as a CDN compressing on the fly would use (CloudFront does not publish its own); the
 * maximum levels would shave a few per cent at many times the CPU.
 */
export const GZIP_LEVEL = 6;
export const BROTLI_QUALITY = 5;

const COMPRESSIBLE_TYPES = [
  'text/html',
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'image/svg+xml',
  'text/plain',
];

export function isCompressibleType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type !== undefined && COMPRESSIBLE_TYPES.includes(type);
}

export function isCompressibleSize(bytes: number): boolean {
  return bytes >= COMPRESSIBLE_BYTES.min && bytes <= COMPRESSIBLE_BYTES.max;
}

/** The encoding to answer an `Accept-Encoding` header with: Brotli first, then gzip; `null` for neither. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliOptions = (body: Buffer) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});

export function compress(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, brotliOptions(body)) : gzipAsync(body, { level: GZIP_LEVEL });
}

/** The same bytes as `compress`, for scripts that size a build. */
export function compressSync(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body)) : gzipSync(body, { level: GZIP_LEVEL });
}

/**
 * Compressed files, kept until the file changes (a rebuild), as CloudFront keeps the compressed object it
 * cached: each file is compressed once per encoding, not on every request.
 */
export function compressedFiles(): (file: string, encoding: ContentEncoding) => Promise<Buffer | null> {
  const cache = new Map<string, { version: string; body: Promise<Buffer> }>();
  return async (file, encoding) => {
    const info = await stat(file);
    if (!isCompressibleSize(info.size)) return null;
    const key = `${encoding}:${file}`;
    const version = `${info.mtimeMs}:${info.size}`;
    let entry = cache.get(key);
    if (entry?.version !== version) {
      const body = readFile(file).then((bytes) => compress(bytes, encoding));
      const fresh = { version, body };
      cache.set(key, fresh);
      // A failed read is not remembered: the next request tries again.
      body.catch(() => {
        if (cache.get(key) === fresh) cache.delete(key);
      });
      entry = fresh;
    }
    return entry.body;
  };
}
