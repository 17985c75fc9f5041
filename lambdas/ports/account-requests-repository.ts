import type { AccountRequest, AccountRequestStatus } from '../../core/schemas/account-requests';

export interface AccountRequestDecision {
  status: Exclude<AccountRequestStatus, 'pending'>;
  decidedAt: string;
  decidedBy: string;
  accountNumber?: string;
  rejectionReason?: string;
}

export interface AccountRequestsRepository {
  get(requestId: string): Promise<AccountRequest | null>;
  /**
   * Stores the request unless an open (pending) or approved one exists under its id: the id is the
   * user's, so a user has one request at a time. A rejected request may be replaced by a new one.
   * Answers whether it was stored, and the request now stored.
   */
  createOpen(request: AccountRequest): Promise<{ created: boolean; request: AccountRequest }>;
  /** Moves a pending request to its decision; WriteConflict 'changed' when it is no longer pending. */
  decide(requestId: string, decision: AccountRequestDecision): Promise<AccountRequest>;
  /** One page of requests with this status, oldest first. */
  listByStatus(
    status: AccountRequestStatus,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<{ items: AccountRequest[]; nextCursor: string | null }>;
}
