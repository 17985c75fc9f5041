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
import { deadlineIn, PutFailure, retryStorage, StepFailure, type RetryOptions } from './storage-retry';

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

/**
 * PUTs the file to the presigned URL with XMLHttpRequest, which (unlike fetch) reports upload progress. Fails
 * with a PutFailure (status 0 when no answer came) so the retry can tell a dropped connection from a refusal.
 */
function putFile(
  url: string,
  file: File,
  contentType: string,
  timeoutMs: number,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    // The upload as a whole, retries included, ends at spec 9's 600 s.
    xhr.timeout = Math.max(1, timeoutMs);
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
        reject(new PutFailure(xhr.status, xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new PutFailure(xhr.status, 'network error'));
    xhr.ontimeout = () => reject(new PutFailure(xhr.status, 'timed out'));
    xhr.onabort = () => reject(new PutFailure(xhr.status, 'cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** A failure that may pass was met and the upload waits to try again (the progress bar says "Retrying"). */
  onRetrying?: RetryOptions['onRetrying'];
}

type UploadStep = 'url' | 'put' | 'confirm';

/** What to tell the user once an upload step gave up (spec 8's texts). */
function uploadError(error: unknown): AttachmentError {
  if (!(error instanceof StepFailure)) return new AttachmentError(UPLOAD_URL_FAILED);
  const { step, failure } = error as StepFailure<UploadStep>;
  if (step === 'put' && failure instanceof PutFailure)
    return new AttachmentError(uploadFailedMessage(failure.status, failure.statusText));
  if (step === 'confirm') return new AttachmentError(ATTACH_FAILED, serverReason(failure));
  return new AttachmentError(UPLOAD_URL_FAILED, serverReason(failure));
}

/**
 * spec 7: asks for a presigned PUT (generateUploadUrl, generateConsultUploadUrl), then sends the file there,
 * reporting progress, then asks the server to attach it: it reads the file's first bytes and attaches it only
 * when they fit its type. Answers the key and the name the file is stored under (the
 * server's safe form).
 *
 * spec 9: failures that may pass are retried with backoff for up to 600 s from the start; each retry of the
 * PUT asks for a fresh URL, since a URL lives 5 minutes. The spec's message comes only when retrying gave up,
 * or at once for an answer that will not change (a refused file, a missing order).
 */
export async function uploadFile(
  target: AttachmentTarget,
  file: File,
  onProgress?: UploadProgress,
  options: UploadOptions = {},
): Promise<{ key: string; filename: string }> {
  const contentType = contentTypeFor(file);
  const retry: RetryOptions = {
    deadline: deadlineIn(STORAGE_RETRY.uploadMs),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onRetrying ? { onRetrying: options.onRetrying } : {}),
  };
  const step = async <T>(name: UploadStep, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new StepFailure(name, error);
    }
  };
  try {
    const signed = await retryStorage(async (remainingMs) => {
      const url = await step('url', () => target.uploadUrl({ filename: file.name, contentType, size: file.size }));
      onProgress?.(0);
      await step('put', () => putFile(url.url, file, contentType, remainingMs, onProgress, options.signal));
      return url;
    }, retry);
    const filename = signed.key.slice(signed.key.lastIndexOf('/') + 1);
    await retryStorage(() => step('confirm', () => target.confirm(filename)), retry);
    return { key: signed.key, filename };
  } catch (error) {
    throw uploadError(error);
  }
}
