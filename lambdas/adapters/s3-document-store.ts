import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { safeFileName } from '../../core/schemas/attachments';
import { requireEnv } from '../env';
import { DOCUMENTS_PREFIX } from '../../core/storage-prefixes';
import type { DocumentStore } from '../ports/document-store';
import { awsClientOptions } from './aws-client-options';

/** As in s3-order-files.ts: the endpoint from AWS_ENDPOINT_URL_S3 when set (s3rver locally), no extra checksums. */
const client = new S3Client({
  ...awsClientOptions(),
  forcePathStyle: process.env['S3_FORCE_PATH_STYLE'] === 'true',
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

const bucket = () => requireEnv('ATTACHMENTS_BUCKET');

/** Always a download: a PDF the browser renders inline would run in the bucket's origin. */
const attachment = (filename: string) => `attachment; filename="${safeFileName(filename)}"`;

/** Keys are built by the use cases from stored ids; anything outside the documents prefix is a bug. */
function documentKey(key: string): string {
  if (!key.startsWith(DOCUMENTS_PREFIX) || key.includes('..')) throw new Error('Document key outside documents/');
  return key;
}

/** Generated PDFs in the attachments bucket, below `documents/` (core/storage-prefixes.ts). */
export function s3DocumentStore(): DocumentStore {
  // Made only where the route names `documents`: the bucket must be in the function's environment.
  bucket();
  return {
    async put(key, bytes, contentType, filename) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket(),
          Key: documentKey(key),
          Body: bytes,
          ContentType: contentType,
          // Stored too, so even a GET without the presigned override downloads the file.
          ContentDisposition: attachment(filename),
        }),
      );
    },

    async downloadUrl(key, filename, expiresIn) {
      const command = new GetObjectCommand({
        Bucket: bucket(),
        Key: documentKey(key),
        ResponseContentDisposition: attachment(filename),
      });
      return getSignedUrl(client, command, { expiresIn });
    },

    async exists(key) {
      // A listing rather than HeadObject: without s3:ListBucket, S3 answers a HEAD of a missing key with
      // 403, not 404; the role may list only below documents/ (infra/grant-route-resources.ts).
      const answer = await client.send(
        new ListObjectsV2Command({ Bucket: bucket(), Prefix: documentKey(key), MaxKeys: 1 }),
      );
      return (answer.Contents ?? []).some((object) => object.Key === key);
    },
  };
}
