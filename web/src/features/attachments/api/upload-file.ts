import { STORAGE_RETRY } from '../../../../../core/constants';
import { ALLOWED_ATTACHMENT_TYPES, extensionOf } from '../../../../../core/schemas/attachments';
import {
  ATTACH_FAILED,
  AttachmentError,
  serverReason,
  UPLOAD_URL_FAILED,
  uploadFailedMessage,
} from './attachment-errors';
import type { AttachmentTarget } from './attachment-target';

/**
 * The content type to declare for a file: the allowlisted type of its extension. Browsers report '' for
 * DICOM and many topography exports, and Windows reports CSV as Excel; the extension is what the server
 * checks against the type, so deriving the type from it loses nothing. Unknown extensions keep the
 * browser's type (and are then refused).
 */
export function contentTypeFor(file: { name: string; type: string }): string {
  const ext = extensionOf(file.name);
  if (ALLOWED_ATTACHMENT_TYPES[file.type]?.includes(ext)) return file.type;
  const byExtension = Object.entries(ALLOWED_ATTACHMENT_TYPES).find(([, exts]) => exts.includes(ext));
  return byExtension?.[0] ?? file.type;
}

/** Upload progress in whole percent, 0-100. */
export type UploadProgress = (percent: number) => void;

/** PUTs the file to the presigned URL with XMLHttpRequest, which (unlike fetch) reports upload progress. */
function putFile(url: string, file: File, contentType: string, onProgress?: UploadProgress, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    // spec 9: storage retry time for uploads, 600 s.
    xhr.timeout = STORAGE_RETRY.uploadMs;
    // Signed into the URL: it must be exactly the type declared when the URL was asked for.
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
      } else {
        reject(new AttachmentError(uploadFailedMessage(xhr.status, xhr.statusText)));
      }
    };
    xhr.onerror = () => reject(new AttachmentError(uploadFailedMessage(xhr.status, 'network error')));
    xhr.ontimeout = () => reject(new AttachmentError(uploadFailedMessage(xhr.status, 'timed out')));
    xhr.onabort = () => reject(new AttachmentError(uploadFailedMessage(xhr.status, 'cancelled')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * spec 7: asks for a presigned PUT (generateUploadUrl, generateConsultUploadUrl), then sends the file there,
 * reporting progress, then asks the server to attach it: it reads the file's first bytes and attaches it only
 * when they fit its type (issue 10 item 8). Answers the key and the name the file is stored under (the
 * server's safe form).
 */
export async function uploadFile(
  target: AttachmentTarget,
  file: File,
  onProgress?: UploadProgress,
  options: { signal?: AbortSignal } = {},
): Promise<{ key: string; filename: string }> {
  const contentType = contentTypeFor(file);
  let signed: { url: string; key: string };
  try {
    signed = await target.uploadUrl({ filename: file.name, contentType, size: file.size });
  } catch (error) {
    throw new AttachmentError(UPLOAD_URL_FAILED, serverReason(error));
  }
  onProgress?.(0);
  await putFile(signed.url, file, contentType, onProgress, options.signal);
  const filename = signed.key.slice(signed.key.lastIndexOf('/') + 1);
  try {
    await target.confirm(filename);
  } catch (error) {
    throw new AttachmentError(ATTACH_FAILED, serverReason(error));
  }
  return { key: signed.key, filename };
}
