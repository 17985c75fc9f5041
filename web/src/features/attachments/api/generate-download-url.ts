import { useMutation } from '@tanstack/react-query';
import { STORAGE_RETRY } from '../../../../../core/constants';
import { AttachmentError, DOWNLOAD_URL_FAILED, serverReason } from './attachment-errors';
import type { AttachmentTarget } from './attachment-target';
import { deadlineIn, retryStorage, type RetryOptions } from './storage-retry';
import { startDownload } from '../../../lib/start-download';

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

export const useDownloadFile = (target: AttachmentTarget) =>
  useMutation({
    mutationFn: async (filename: string) => startDownload(await getDownloadUrl(target, filename), filename),
  });
