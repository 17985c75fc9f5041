import type { AccountRequestStatus } from '../../../../../core/schemas/account-requests';

/** The query keys of account requests: the caller's own one and the super admins' lists by status. */
export const accountRequestKeys = {
  all: ['account-requests'] as const,
  mine: (userId: string | null) => [...accountRequestKeys.all, 'mine', userId] as const,
  lists: () => [...accountRequestKeys.all, 'list'] as const,
  list: (status: AccountRequestStatus, cursor: string | undefined) =>
    [...accountRequestKeys.lists(), status, cursor ?? null] as const,
};
