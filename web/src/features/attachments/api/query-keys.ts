import type { AttachmentTarget } from './attachment-target';

/** The query keys of attached files: one file list per order and per consult. */
export const attachmentKeys = {
  all: ['attachments'] as const,
  list: (target: Pick<AttachmentTarget, 'noun' | 'id'>) => [...attachmentKeys.all, target.noun, target.id] as const,
};
