import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { safeFileName } from '../../core/schemas/attachments';
import { mapWithLimit } from '../concurrency/map-with-limit';
import { requireEnv } from '../env';
import { orderFileKey, orderFilesFolder, type OrderFiles, type StoredOrderFile } from '../ports/order-files';

/**
 * One client per Lambda container. The endpoint comes from AWS_ENDPOINT_URL_S3 when set (s3rver locally).
 * Checksums only when S3 requires them: otherwise the SDK signs a CRC32 parameter into presigned PUT URLs
 * that a browser's plain PUT cannot satisfy (and s3rver cannot parse the trailing checksum).
 */
const client = new S3Client({
  forcePathStyle: process.env['S3_FORCE_PATH_STYLE'] === 'true',
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

const bucket = () => requireEnv('ATTACHMENTS_BUCKET');

/** The file name as a quoted-string: safeFileName leaves only letters, digits, '.', '-', '_' and spaces. */
const contentDisposition = (disposition: 'attachment' | 'inline', filename: string) =>
  `${disposition}; filename="${safeFileName(filename)}"`;

const isMissing = (error: unknown) =>
  error instanceof NotFound ||
  (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey'));

export function s3OrderFiles(): OrderFiles {
  async function head(orderId: string, filename: string): Promise<StoredOrderFile | null> {
    try {
      const answer = await client.send(
        new HeadObjectCommand({ Bucket: bucket(), Key: orderFileKey(orderId, filename) }),
      );
      return {
        filename: safeFileName(filename),
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
        lastModified: (answer.LastModified ?? new Date(0)).toISOString(),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function keys(orderId: string) {
    const folder = orderFilesFolder(orderId);
    const found: { key: string; size: number; lastModified: Date | undefined }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket(), Prefix: folder, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) {
        // Only the order's own files: nothing in a sub-folder (keys are never built with one).
        if (object.Key && !object.Key.slice(folder.length).includes('/')) {
          found.push({ key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified });
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  return {
    uploadUrl({ orderId, filename, contentType, size }, expiresIn) {
      const command = new PutObjectCommand({
        Bucket: bucket(),
        Key: orderFileKey(orderId, filename),
        ContentType: contentType,
        ContentLength: size,
      });
      // Signed headers: the browser must send exactly this type and length, so the checks made before signing hold.
      return getSignedUrl(client, command, { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) });
    },

    downloadUrl({ orderId, filename, disposition, contentType }, expiresIn) {
      const command = new GetObjectCommand({
        Bucket: bucket(),
        Key: orderFileKey(orderId, filename),
        ResponseContentDisposition: contentDisposition(disposition, filename),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn });
    },

    async list(orderId) {
      const objects = await keys(orderId);
      // ListObjectsV2 does not report the content type; a HEAD per file (at most maxFilesPerOrder) does.
      const files = await mapWithLimit(objects, 5, (object) =>
        head(orderId, object.key.slice(orderFilesFolder(orderId).length)),
      );
      return files.filter((file): file is StoredOrderFile => file !== null);
    },

    head,

    async remove(orderId, filename) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket(), Key: orderFileKey(orderId, filename) }));
    },

    async removeAll(orderId) {
      // One DeleteObject per file (at most maxFilesPerOrder): as quick for so few, and clear of DeleteObjects'
      // required body checksum, which emulators support unevenly.
      const objects = await keys(orderId);
      await mapWithLimit(objects, 5, (object) =>
        client.send(new DeleteObjectCommand({ Bucket: bucket(), Key: object.key })),
      );
    },
  };
}
