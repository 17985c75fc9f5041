import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsServiceError } from '../../../lambdas/adapters/aws/aws-errors';
import { copyObject, getObject, listObjectsV2, presignedUrl, putObject } from '../../../lambdas/adapters/aws/s3';
import { fakeAwsService, type FakeAwsService, type SeenRequest, stubAwsEnv } from '../../support/fake-aws-service';

/**
 * The Lambdas' S3 calls without the SDK (lambdas/adapters/aws/s3.ts): presigned URLs signed exactly as the
 * SDK's getSignedUrl signed them, path-style or virtual-hosted addresses, and the REST-XML calls against a
 * local HTTP server standing in for S3.
 */

beforeEach(() => {
  stubAwsEnv({ AWS_SESSION_TOKEN: 'session-token', AWS_ENDPOINT_URL_S3: '', S3_FORCE_PATH_STYLE: '' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const UPLOAD = {
  method: 'PUT',
  Bucket: 'lab-attachments',
  Key: 'incoming/orders/o-1/scan (1).pdf',
  signedHeaders: { 'content-length': '1234', 'content-type': 'application/pdf' },
  expiresIn: 300,
} as const;

describe('S3 presigned URLs', () => {
  it('signs an upload exactly as the SDK did: type and length signed, expiry, session token, no checksum', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T10:00:00Z'));
    const url = new URL(await presignedUrl(UPLOAD));
    expect(url.origin + url.pathname).toBe(
      'http://127.0.0.1:4569/lab-attachments/incoming/orders/o-1/scan%20%281%29.pdf',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
      'X-Amz-Credential': 'AKIDTEST/20260115/eu-west-2/s3/aws4_request',
      'X-Amz-Date': '20260115T100000Z',
      'X-Amz-Expires': '300',
      'X-Amz-Security-Token': 'session-token',
      'X-Amz-SignedHeaders': 'content-length;content-type;host',
      'x-id': 'PutObject',
      // What @aws-sdk/s3-request-presigner 3.1169 signed for the same request, time and keys.
      'X-Amz-Signature': '2031a3a7ab39081ef3e6ff1d4c4f7c7b7e10fa9de058777e87bb99ab8b26d0f3',
    });
  });

  it('addresses the bucket by host without an endpoint override, and signs the download override as the SDK did', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T10:00:00Z'));
    const raw = await presignedUrl({
      method: 'GET',
      Bucket: 'lab-attachments',
      Key: 'documents/invoices/BV-1001/INV 1.pdf',
      query: { 'response-content-disposition': 'attachment; filename="INV 1.pdf"' },
      expiresIn: 900,
    });
    const url = new URL(raw);
    expect(url.origin + url.pathname).toBe(
      'https://lab-attachments.s3.eu-west-2.amazonaws.com/documents/invoices/BV-1001/INV%201.pdf',
    );
    // RFC 3986 in the query (%20), never a form-encoded `+`, which S3 would read as a plus sign.
    expect(url.search).toContain('response-content-disposition=attachment%3B%20filename%3D%22INV%201.pdf%22');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Amz-Signature')).toBe(
      'f74b09300d83aad3b4a40471b3ca5fd58a05f39083a764cace3284c64e5f8f24',
    );
  });

  it('uses path-style addresses when S3_FORCE_PATH_STYLE is true or the bucket name has a dot', async () => {
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'true');
    const forced = new URL(await presignedUrl({ ...UPLOAD, Key: 'a.pdf' }));
    expect(forced.host).toBe('s3.eu-west-2.amazonaws.com');
    expect(forced.pathname).toBe('/lab-attachments/a.pdf');
    vi.stubEnv('S3_FORCE_PATH_STYLE', '');
    const dotted = new URL(await presignedUrl({ ...UPLOAD, Bucket: 'lab.attachments', Key: 'a.pdf' }));
    expect(dotted.host).toBe('s3.eu-west-2.amazonaws.com');
    expect(dotted.pathname).toBe('/lab.attachments/a.pdf');
  });

  it('refuses a lifetime S3 would not honour (over 7 days, zero, fractional)', async () => {
    for (const expiresIn of [604_801, 0, 1.5]) {
      await expect(presignedUrl({ ...UPLOAD, expiresIn })).rejects.toThrow(/1 to 604800 seconds/);
    }
  });
});

let s3: FakeAwsService | undefined;
/** A stand-in for S3 that answers every request with `reply`; answers what it received. */
async function fakeS3(reply: (request: SeenRequest, res: ServerResponse) => void) {
  s3 = await fakeAwsService('S3', reply);
  return s3.seen;
}

afterEach(async () => {
  await s3?.close();
  s3 = undefined;
});

const xml = (status: number, body: string) => (_request: SeenRequest, res: ServerResponse) =>
  res.writeHead(status, { 'content-type': 'application/xml' }).end(body);

describe('S3 calls against a stand-in server', () => {
  it('lists with ListObjectsV2 query parameters and reads escaped keys and the continuation token', async () => {
    const seen = await fakeS3(
      xml(
        200,
        '<?xml version="1.0"?><ListBucketResult><IsTruncated>true</IsTruncated>' +
          '<Contents><Key>orders/o-1/R&amp;D &lt;1&gt;.pdf</Key><Size>3</Size></Contents>' +
          '<Contents><Key>orders/o-1/b.pdf</Key></Contents><NextContinuationToken>next+1</NextContinuationToken></ListBucketResult>',
      ),
    );
    const page = await listObjectsV2({
      Bucket: 'lab-attachments',
      Prefix: 'orders/o-1/',
      ContinuationToken: 'tok',
      MaxKeys: 2,
    });
    expect(page).toEqual({ keys: ['orders/o-1/R&D <1>.pdf', 'orders/o-1/b.pdf'], nextContinuationToken: 'next+1' });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toBe('/lab-attachments/?continuation-token=tok&list-type=2&max-keys=2&prefix=orders%2Fo-1%2F');
    expect(seen[0]!.headers.authorization).toMatch(/Credential=AKIDTEST\/\d{8}\/eu-west-2\/s3\/aws4_request/);
  });

  it('a listing that is not truncated has no next token', async () => {
    await fakeS3(
      xml(
        200,
        '<ListBucketResult><IsTruncated>false</IsTruncated><NextContinuationToken>x</NextContinuationToken></ListBucketResult>',
      ),
    );
    expect((await listObjectsV2({ Bucket: 'b-1', Prefix: 'p/' })).nextContinuationToken).toBeUndefined();
  });

  it('reads a ranged GET: bytes, total size from Content-Range, type, date and ETag', async () => {
    const seen = await fakeS3((_req, res) =>
      res
        .writeHead(206, {
          'content-type': 'application/pdf',
          'content-range': 'bytes 0-3/123456',
          'content-length': '4',
          'last-modified': 'Thu, 15 Jan 2026 10:00:00 GMT',
          etag: '"abc"',
        })
        .end('%PDF'),
    );
    const got = await getObject({ Bucket: 'lab-attachments', Key: 'orders/o-1/a.pdf', Range: 'bytes=0-3' });
    expect(seen[0]!.headers.range).toBe('bytes=0-3');
    expect(seen[0]!.url).toBe('/lab-attachments/orders/o-1/a.pdf?x-id=GetObject');
    expect(Buffer.from(got.body).toString()).toBe('%PDF');
    expect(got).toMatchObject({
      contentRange: 'bytes 0-3/123456',
      contentLength: 4,
      contentType: 'application/pdf',
      etag: '"abc"',
    });
    expect(got.lastModified?.toISOString()).toBe('2026-01-15T10:00:00.000Z');
  });

  it("a missing key is NoSuchKey with status 404, from S3's XML error", async () => {
    await fakeS3(xml(404, '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>'));
    const error = await getObject({ Bucket: 'b-1', Key: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsServiceError);
    expect(error).toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
  });

  it("stores a PUT's bytes with the type, the disposition and the body's SHA-256 signed", async () => {
    const seen = await fakeS3((_req, res) => res.writeHead(200).end());
    const bytes = new TextEncoder().encode('%PDF-1.7');
    await putObject({
      Bucket: 'lab-attachments',
      Key: 'documents/x.pdf',
      Body: bytes,
      ContentType: 'application/pdf',
      ContentDisposition: 'attachment; filename="x.pdf"',
    });
    const put = seen[0]!;
    expect(put.method).toBe('PUT');
    expect(put.body.toString()).toBe('%PDF-1.7');
    expect(put.headers['content-disposition']).toBe('attachment; filename="x.pdf"');
    expect(put.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(put.headers.authorization).toMatch(/SignedHeaders=content-disposition;host;x-amz-content-sha256;x-amz-date/);
  });

  it('a copy whose source changed is PreconditionFailed (412)', async () => {
    const seen = await fakeS3(
      xml(412, '<Error><Code>PreconditionFailed</Code><Message>At least one…</Message></Error>'),
    );
    const error = await copyObject({
      Bucket: 'b-1',
      Key: 'orders/o-1/a.pdf',
      CopySource: 'b-1/incoming/orders/o-1/a.pdf',
      CopySourceIfMatch: '"abc"',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PreconditionFailed', $metadata: { httpStatusCode: 412 } });
    expect(seen[0]!.headers['x-amz-copy-source-if-match']).toBe('"abc"');
    expect(seen[0]!.headers['x-amz-copy-source']).toBe('b-1/incoming/orders/o-1/a.pdf');
  });

  it('a copy answered 200 with an error body failed, as the SDK read it (503)', async () => {
    await fakeS3(
      xml(200, '<?xml version="1.0"?>\n<Error><Code>InternalError</Code><Message>Try again</Message></Error>\n'),
    );
    const error = await copyObject({ Bucket: 'b-1', Key: 'k', CopySource: 'b-1/j' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InternalError', $fault: 'server', $metadata: { httpStatusCode: 503 } });
  });
});
