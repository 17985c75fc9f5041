import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_RETRY } from '../../../../../core/constants';
import { attachmentKeys } from './query-keys';
import type { AttachmentTarget } from './attachment-target';
import { deadlineIn, retryStorage } from './storage-retry';

/** The owner's attached files (spec 3 "File listing entry"), retried for spec 9's 120 s before the list fails. */
export const attachedFilesQueryOptions = (target: AttachmentTarget) =>
  queryOptions({
    queryKey: attachmentKeys.list(target),
    queryFn: ({ signal }) =>
      retryStorage(() => target.list(), { deadline: deadlineIn(STORAGE_RETRY.operationMs), signal }),
    // The storage retry above is the only one: React Query's own would restart the 120 s.
    retry: false,
  });

export const useAttachedFiles = (target: AttachmentTarget) => useQuery(attachedFilesQueryOptions(target));
