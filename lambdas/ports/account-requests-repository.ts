import type { AccountRequest, AccountRequestStatus } from '../../core/schemas/account-requests';
import type { OutboxMessage } from '../kernel/outbox';

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
   * Answers whether it was stored, and the request now stored. `notices` are stored with it, only when it is.
   */
  createOpen(
    request: AccountRequest,
    notices?: readonly OutboxMessage[],
  ): Promise<{ created: boolean; request: AccountRequest }>;
  /**
   * Moves a pending request to its decision, with its `notices` in the same transaction; WriteConflict
   * 'changed' when it is no longer pending (and no notice is stored).
   */
  decide(
    requestId: string,
    decision: AccountRequestDecision,
    notices?: readonly OutboxMessage[],
  ): Promise<AccountRequest>;
  /** One page of requests with this status, oldest first. */
  listByStatus(
    status: AccountRequestStatus,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<{ items: AccountRequest[]; nextCursor: string | null }>;
}
