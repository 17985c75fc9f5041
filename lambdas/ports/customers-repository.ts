import type { CustomerDetail } from '../../core/schemas/customers/customer-admin';
import type { RecordChanges } from './record-changes';

export interface CustomerListQuery {
  status: string;
  /** Folded practice-name prefix (see companySortKey); none lists the whole status. */
  namePrefix?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface CustomersRepository {
  get(accountNumber: string): Promise<CustomerDetail | null>;
  /** Stores a new practice; WriteConflict 'exists' when the account number is taken (conditional put). */
  create(record: CustomerDetail): Promise<void>;
  /**
   * Applies `changes` when the stored version is `expectedVersion`, and counts the version up.
   * WriteConflict 'missing' or 'changed' otherwise.
   */
  update(
    accountNumber: string,
    changes: RecordChanges<CustomerDetail>,
    expectedVersion: number,
  ): Promise<CustomerDetail>;
  /** Ids of the users linked to the practice (kept by AccountLinks). */
  linkedUserIds(accountNumber: string): Promise<string[]>;
  /** One page of practices with a status, sorted by name. Invalid cursors are a 400 (invalid-argument). */
  list(query: CustomerListQuery): Promise<{ items: CustomerDetail[]; nextCursor: string | null }>;
}
