import { useMutation } from '@tanstack/react-query';
import { STORAGE_RETRY } from '../../../../../core/constants';
import { AttachmentError, DOWNLOAD_URL_FAILED, serverReason } from './attachment-errors';
import type { AttachmentTarget } from './attachment-target';
import { deadlineIn, retryStorage, type RetryOptions } from './storage-retry';

/** A short-lived download URL; failure, once retrying for spec 9's 120 s gave up, is "Failed to get download URL from server". */
export async function getDownloadUrl(
  target: AttachmentTarget,
  filename: string,
  retry?: Partial<RetryOptions>,
): Promise<string> {
  try {
    return await retryStorage(() => target.downloadUrl(filename), {
      deadline: deadlineIn(STORAGE_RETRY.operationMs),
      ...retry,
    });
  } catch (error) {
    throw new AttachmentError(DOWNLOAD_URL_FAILED, serverReason(error));
  }
}

/**
 * Starts the download in the same tab: the URL answers `Content-Disposition: attachment`, so the page stays.
 * An anchor (not window.open) so pop-up blockers do not stop it after the await.
 */
export function startDownload(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export const useDownloadFile = (target: AttachmentTarget) =>
  useMutation({
    mutationFn: async (filename: string) => startDownload(await getDownloadUrl(target, filename), filename),
  });
