/** The query keys of order attachments: one file list per order. */
export const attachmentKeys = {
  all: ['attachments'] as const,
  list: (orderId: string) => [...attachmentKeys.all, orderId] as const,
};
