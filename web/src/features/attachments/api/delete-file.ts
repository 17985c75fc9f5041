import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AttachmentError, DELETE_FAILED, serverReason } from './attachment-errors';
import { attachmentKeys } from './attachment-query-keys';
import type { AttachmentTarget } from './attachment-target';

/** Deletes one file of the order or consult; any failure is the spec's "Failed to delete file from server". */
export async function deleteFile(target: AttachmentTarget, filename: string): Promise<void> {
  let answer: { success: boolean };
  try {
    answer = await target.remove(filename);
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
