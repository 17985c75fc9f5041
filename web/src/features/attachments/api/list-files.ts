import { queryOptions, useQuery } from '@tanstack/react-query';
import { attachmentKeys } from './attachment-query-keys';
import type { AttachmentTarget } from './attachment-target';

/** The owner's attached files (spec 3 "File listing entry"). */
export const attachedFilesQueryOptions = (target: AttachmentTarget) =>
  queryOptions({ queryKey: attachmentKeys.list(target), queryFn: () => target.list() });

export const useAttachedFiles = (target: AttachmentTarget) => useQuery(attachedFilesQueryOptions(target));
