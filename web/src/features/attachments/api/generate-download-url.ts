import { useMutation } from '@tanstack/react-query';
import { AttachmentError, DOWNLOAD_URL_FAILED, serverReason } from './attachment-errors';
import type { AttachmentTarget } from './attachment-target';

/** A short-lived download URL; failure is "Failed to get download URL from server". */
export async function getDownloadUrl(target: AttachmentTarget, filename: string): Promise<string> {
  try {
    return await target.downloadUrl(filename);
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
