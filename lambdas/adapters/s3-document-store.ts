import { safeFileName } from '../../core/schemas/attachments';
import { requireEnv } from '../env';
import { DOCUMENTS_PREFIX } from '../../core/storage-prefixes';
import type { DocumentStore } from '../ports/document-store';
import { listObjectsV2, presignedUrl, putObject } from './aws/s3';

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
      await putObject({
        Bucket: bucket(),
        Key: documentKey(key),
        Body: bytes,
        ContentType: contentType,
        // Stored too, so even a GET without the presigned override downloads the file.
        ContentDisposition: attachment(filename),
      });
    },

    async downloadUrl(key, filename, expiresIn) {
      return presignedUrl({
        method: 'GET',
        Bucket: bucket(),
        Key: documentKey(key),
        query: { 'response-content-disposition': attachment(filename) },
        expiresIn,
      });
    },

    async exists(key) {
      // A listing rather than HeadObject: without s3:ListBucket, S3 answers a HEAD of a missing key with
      // 403, not 404; the role may list only below documents/ (infra/grant-route-resources.ts).
      const answer = await listObjectsV2({ Bucket: bucket(), Prefix: documentKey(key), MaxKeys: 1 });
      return answer.keys.includes(key);
    },
  };
}
