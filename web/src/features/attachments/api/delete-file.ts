import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORAGE_RETRY } from '../../../../../core/constants';
import { AttachmentError, DELETE_FAILED, serverReason } from './attachment-errors';
import { attachmentKeys } from './query-keys';
import type { AttachmentTarget } from './attachment-target';
import { deadlineIn, retryStorage, type RetryOptions } from './storage-retry';

/**
 * Deletes one file of the order or consult; any failure is the spec's "Failed to delete file from server",
 * once retrying for spec 9's 120 s gave up (deleting twice is harmless: a file already gone succeeds).
 */
export async function deleteFile(
  target: AttachmentTarget,
  filename: string,
  retry?: Partial<RetryOptions>,
): Promise<void> {
  let answer: { success: boolean };
  try {
    answer = await retryStorage(() => target.remove(filename), {
      deadline: deadlineIn(STORAGE_RETRY.operationMs),
      ...retry,
    });
  } catch (error) {
    throw new AttachmentError(DELETE_FAILED, serverReason(error));
  }
  if (!answer.success) throw new AttachmentError(DELETE_FAILED);
}

export const useDeleteFile = (target: AttachmentTarget) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filename: string) => deleteFile(target, filename),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.list(target) }),
  });
};
