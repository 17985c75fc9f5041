import { safeFileName } from '../../core/schemas/attachments';
import { mapWithLimit } from '../concurrency/map-with-limit';
import { requireEnv } from '../env';
import {
  attachedFileKey,
  filesFolder,
  incomingFileKey,
  incomingFolder,
  type AttachedFiles,
  type FileFolder,
  type InspectedFile,
} from '../ports/attached-files';
import { AwsServiceError } from './aws/aws-errors';
import { copyObject, deleteObject, getObject, listObjectsV2, presignedUrl } from './aws/s3';

const bucket = () => requireEnv('ATTACHMENTS_BUCKET');

/** The file name as a quoted-string: safeFileName leaves only letters, digits, '.', '-', '_' and spaces. */
const contentDisposition = (disposition: 'attachment' | 'inline', filename: string) =>
  `${disposition}; filename="${safeFileName(filename)}"`;

const isMissing = (error: unknown) =>
  error instanceof AwsServiceError && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');

/** A copy whose source changed since it was read (CopySourceIfMatch), or whose source went away. */
const isStaleSource = (error: unknown) =>
  isMissing(error) ||
  (error instanceof AwsServiceError && (error.$metadata.httpStatusCode === 412 || error.name === 'PreconditionFailed'));

/** `x-amz-copy-source`: bucket and key, URL-encoded per path segment. */
const copySource = (key: string) => `${bucket()}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The total size from `Content-Range: bytes 0-4095/123456`. */
const totalSize = (contentRange: string | undefined, fallback: number | undefined) =>
  Number(/\/(\d+)$/.exec(contentRange ?? '')?.[1] ?? fallback ?? 0);

/** The attached files of one kind (ORDER_FILES, CONSULT_FILES), in the attachments bucket. */
export function s3AttachedFiles(folder: FileFolder): AttachedFiles {
  // Made only where the route names its files: the bucket must be in the function's environment.
  bucket();
  /** The keys below `folder`: its own files only, or (`nested`) every key under it. */
  async function keys(folder: string, { nested = false } = {}) {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await listObjectsV2({
        Bucket: bucket(),
        Prefix: folder,
        ...(token ? { ContinuationToken: token } : {}),
      });
      for (const key of page.keys) {
        // Only the owner's own files unless asked: nothing in a sub-folder (keys are never built with one).
        if (nested || !key.slice(folder.length).includes('/')) found.push(key);
      }
      token = page.nextContinuationToken;
    } while (token);
    return found;
  }

  /**
   * Whether exactly this key is stored. A listing rather than a GET: without s3:ListBucket on the key S3
   * answers a GET of a missing key 403, not 404, and the roles list only below their prefixes.
   */
  async function exists(key: string) {
    const page = await listObjectsV2({ Bucket: bucket(), Prefix: key, MaxKeys: 1 });
    return page.keys[0] === key;
  }

  /** The object's facts and first bytes (a ranged GET: one request, like the HEAD it replaces). */
  async function inspect(key: string, startBytes: number): Promise<InspectedFile | null> {
    const filename = key.slice(key.lastIndexOf('/') + 1);
    try {
      const answer = await getObject({ Bucket: bucket(), Key: key, Range: `bytes=0-${Math.max(0, startBytes - 1)}` });
      return {
        filename,
        size: totalSize(answer.contentRange, answer.contentLength),
        contentType: answer.contentType ?? 'application/octet-stream',
        lastModified: (answer.lastModified ?? new Date(0)).toISOString(),
        start: answer.body.slice(0, startBytes),
        revision: { etag: answer.etag ?? '' },
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    folder,

    uploadUrl({ ownerId, filename, contentType, size }, expiresIn) {
      return presignedUrl({
        method: 'PUT',
        Bucket: bucket(),
        Key: incomingFileKey(folder, ownerId, filename),
        // Signed headers: the browser must send exactly this type and length, so the checks made before signing
        // hold. No checksum parameter: a browser's plain PUT could not satisfy one.
        signedHeaders: { 'content-length': String(size), 'content-type': contentType },
        expiresIn,
      });
    },

    downloadUrl({ ownerId, filename, disposition, contentType }, expiresIn) {
      return presignedUrl({
        method: 'GET',
        Bucket: bucket(),
        Key: attachedFileKey(folder, ownerId, filename),
        query: {
          'response-content-disposition': contentDisposition(disposition, filename),
          'response-content-type': contentType,
        },
        expiresIn,
      });
    },

    async list(ownerId, startBytes) {
      const found = await keys(filesFolder(folder, ownerId));
      // At most maxFiles files: one ranged GET each, a few at a time.
      const files = await mapWithLimit(found, 5, (key) => inspect(key, startBytes));
      return files.filter((file): file is InspectedFile => file !== null);
    },

    async head(ownerId, filename, startBytes) {
      const key = attachedFileKey(folder, ownerId, filename);
      return (await exists(key)) ? inspect(key, startBytes) : null;
    },

    async incoming(ownerId, filename, startBytes) {
      const key = incomingFileKey(folder, ownerId, filename);
      return (await exists(key)) ? inspect(key, startBytes) : null;
    },

    async attach(ownerId, filename, revision) {
      const from = incomingFileKey(folder, ownerId, filename);
      try {
        // The ETag pins the copy to the bytes that were checked: S3 refuses it (412) when the upload was PUT
        // again in between with other content. (Not a version id: copying a version needs s3:GetObjectVersion.)
        await copyObject({
          Bucket: bucket(),
          Key: attachedFileKey(folder, ownerId, filename),
          CopySource: copySource(from),
          CopySourceIfMatch: revision.etag,
        });
      } catch (error) {
        if (isStaleSource(error)) return false;
        throw error;
      }
      await deleteObject({ Bucket: bucket(), Key: from });
      return true;
    },

    async removeIncoming(ownerId, filename) {
      await deleteObject({ Bucket: bucket(), Key: incomingFileKey(folder, ownerId, filename) });
    },

    async remove(ownerId, filename) {
      await deleteObject({ Bucket: bucket(), Key: attachedFileKey(folder, ownerId, filename) });
    },

    async removeAll(ownerId) {
      // One DeleteObject per file (at most maxFiles): as quick for so few, and clear of DeleteObjects'
      // required body checksum, which emulators support unevenly.
      const found = [
        ...(await keys(filesFolder(folder, ownerId), { nested: true })),
        ...(await keys(incomingFolder(folder, ownerId), { nested: true })),
      ];
      await mapWithLimit(found, 5, (key) => deleteObject({ Bucket: bucket(), Key: key }));
    },
  };
}
