import { createHash } from 'node:crypto';
import { awsFetch, hasEndpointOverride, serviceEndpoint, signer, type AwsService } from './aws-request';
import { readAwsError } from './aws-errors';
import { xmlTexts } from './xml-text';

/**
 * The S3 calls the Lambdas make, as the SDK's S3Client sent them (REST-XML; no request checksums, the adapters'
 * `requestChecksumCalculation: 'WHEN_REQUIRED'`), and its presigned URLs. AWS_ENDPOINT_URL_S3 points it at an
 * emulator (s3rver locally).
 */
const S3: AwsService = {
  signingName: 's3',
  endpointEnv: 'S3',
  defaultEndpoint: (region) => `https://s3.${region}.amazonaws.com`,
};

/** S3's limit for a presigned URL's life (SigV4): 7 days. */
const MAX_PRESIGNED_SECONDS = 604_800;

/** The SDK's "extended" URI encoding: encodeURIComponent plus the characters it leaves alone, `!'()*`. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const queryString = (query: Record<string, string | undefined>) =>
  Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${uriEncode(name)}=${uriEncode(value)}`)
    .join('&');

/** A name that can be a host label over TLS: no dots (the SDK's rule for virtual-hosted addresses). */
const hostable = (bucket: string) => /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(bucket);

/**
 * Where a bucket's key lives: path-style (`endpoint/bucket/key`) for an emulator (an endpoint override or
 * S3_FORCE_PATH_STYLE=true) and for names that cannot be a host, virtual-hosted (`bucket.s3.region...`) otherwise.
 */
function address(
  bucket: string,
  key: string,
  query: Record<string, string | undefined> = {},
): { service: AwsService; path: string } {
  const search = queryString(query);
  const objectPath = `/${key.split('/').map(uriEncode).join('/')}${search ? `?${search}` : ''}`;
  if (hasEndpointOverride(S3) || process.env.S3_FORCE_PATH_STYLE === 'true' || !hostable(bucket)) {
    return { service: S3, path: `/${uriEncode(bucket)}${objectPath}` };
  }
  return {
    service: { ...S3, defaultEndpoint: (region) => `https://${bucket}.s3.${region}.amazonaws.com` },
    path: objectPath,
  };
}

export interface ObjectRef {
  Bucket: string;
  Key: string;
}

/** The body's SHA-256 is signed, as the SDK signed it: S3 refuses bytes that changed on the way. */
export async function putObject(
  input: ObjectRef & { Body: Uint8Array; ContentType: string; ContentDisposition?: string },
): Promise<void> {
  const { service, path } = address(input.Bucket, input.Key, { 'x-id': 'PutObject' });
  await awsFetch(service, {
    method: 'PUT',
    path,
    headers: {
      'content-type': input.ContentType,
      'x-amz-content-sha256': createHash('sha256').update(input.Body).digest('hex'),
      ...(input.ContentDisposition ? { 'content-disposition': input.ContentDisposition } : {}),
    },
    body: input.Body,
  });
}

export interface GotObject {
  body: Uint8Array;
  contentLength: number | undefined;
  contentRange: string | undefined;
  contentType: string | undefined;
  lastModified: Date | undefined;
  etag: string | undefined;
}

/** A missing key is an AwsServiceError `NoSuchKey` (404), as with the SDK. */
export async function getObject(input: ObjectRef & { Range?: string }): Promise<GotObject> {
  const { service, path } = address(input.Bucket, input.Key, { 'x-id': 'GetObject' });
  const response = await awsFetch(service, {
    method: 'GET',
    path,
    headers: input.Range ? { range: input.Range } : {},
  });
  const header = (name: string) => response.headers.get(name) ?? undefined;
  const length = header('content-length');
  const modified = header('last-modified');
  return {
    body: new Uint8Array(await response.arrayBuffer()),
    contentLength: length === undefined ? undefined : Number(length),
    contentRange: header('content-range'),
    contentType: header('content-type'),
    lastModified: modified ? new Date(modified) : undefined,
    etag: header('etag'),
  };
}

export interface ObjectListing {
  keys: string[];
  /** Set when the listing goes on (IsTruncated): the next page's ContinuationToken. */
  nextContinuationToken: string | undefined;
}

export async function listObjectsV2(input: {
  Bucket: string;
  Prefix: string;
  ContinuationToken?: string;
  MaxKeys?: number;
}): Promise<ObjectListing> {
  const { service, path } = address(input.Bucket, '', {
    'continuation-token': input.ContinuationToken,
    'list-type': '2',
    'max-keys': input.MaxKeys === undefined ? undefined : String(input.MaxKeys),
    prefix: input.Prefix,
  });
  const xml = await (await awsFetch(service, { method: 'GET', path })).text();
  const truncated = xmlTexts(xml, 'IsTruncated')[0] === 'true';
  return {
    keys: xmlTexts(xml, 'Key'),
    nextContinuationToken: truncated ? xmlTexts(xml, 'NextContinuationToken')[0] : undefined,
  };
}

/**
 * A server-side copy. S3 may answer 200 and still fail (an `<Error>` body sent after the copy started): that is
 * an error here too, with the status 503 the SDK gave it.
 */
export async function copyObject(input: ObjectRef & { CopySource: string; CopySourceIfMatch?: string }): Promise<void> {
  const { service, path } = address(input.Bucket, input.Key, { 'x-id': 'CopyObject' });
  const response = await awsFetch(service, {
    method: 'PUT',
    path,
    headers: {
      'x-amz-copy-source': input.CopySource,
      ...(input.CopySourceIfMatch ? { 'x-amz-copy-source-if-match': input.CopySourceIfMatch } : {}),
    },
  });
  const text = await response.text();
  if (text.trimEnd().endsWith('</Error>')) throw await readAwsError(new Response(text, { status: 503 }));
}

export async function deleteObject(input: ObjectRef): Promise<void> {
  const { service, path } = address(input.Bucket, input.Key, { 'x-id': 'DeleteObject' });
  await awsFetch(service, { method: 'DELETE', path });
}

export interface PresignRequest extends ObjectRef {
  method: 'GET' | 'PUT';
  /** Query parameters the URL carries and signs (`response-content-disposition`, ...). */
  query?: Record<string, string | undefined>;
  /** Headers the browser must send with exactly these values: they are signed. */
  signedHeaders?: Record<string, string>;
  expiresIn: number;
}

/**
 * A presigned URL, as the SDK's getSignedUrl made it: SigV4 in the query, unsigned payload, `X-Amz-Expires`,
 * the session token in the query, and only `host` plus `signedHeaders` signed.
 */
export async function presignedUrl({
  method,
  Bucket,
  Key,
  query = {},
  signedHeaders = {},
  expiresIn,
}: PresignRequest): Promise<string> {
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGNED_SECONDS) {
    throw new Error(`A presigned URL lasts 1 to ${MAX_PRESIGNED_SECONDS} seconds, not ${expiresIn}`);
  }
  const { service, path } = address(Bucket, Key, {
    ...query,
    'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
    'X-Amz-Expires': String(expiresIn),
    'x-id': method === 'PUT' ? 'PutObject' : 'GetObject',
  });
  // allHeaders: aws4fetch never signs content-type and content-length unless told to.
  const signed = await signer(service).sign(`${serviceEndpoint(service)}${path}`, {
    method,
    headers: signedHeaders,
    aws: { signQuery: true, allHeaders: true },
  });
  const url = new URL(signed.url);
  // aws4fetch writes the query back form-encoded (a space as `+`); S3 signs and reads RFC 3986 (`%20`).
  url.search = queryString(Object.fromEntries(url.searchParams));
  return url.toString();
}
