import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { AttachmentError, DELETE_FAILED, serverReason } from './attachment-errors';
import { attachmentKeys } from './attachment-query-keys';

/** Deletes one file of the order (route deleteOrderFile); any failure is the spec's "Failed to delete file from server". */
export async function deleteOrderFile(orderId: string, filename: string): Promise<void> {
  let answer: { success: boolean };
  try {
    answer = await callRoute('deleteOrderFile', { orderId, filename });
  } catch (error) {
    throw new AttachmentError(DELETE_FAILED, serverReason(error));
  }
  if (!answer.success) throw new AttachmentError(DELETE_FAILED);
}

export const useDeleteOrderFile = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filename: string) => deleteOrderFile(orderId, filename),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.list(orderId) }),
  });
};
