import { TRANSACTION_ITEMS_LIMIT } from '../../core/data/tables';
import type { OutboxMessage } from '../kernel/outbox';

/** Something done once, and when its mark can no longer matter (the store may drop it then). */
export interface OnceMark {
  key: string;
  expiresAt: Date;
}

/** Marks and notices one `markOnce` takes at most, together: one DynamoDB transaction. */
export const ONCE_MARKS_WRITE_LIMIT = TRANSACTION_ITEMS_LIMIT;

/**
 * Marks that something was done once (a reminder sent), so a re-run of a job never does it twice. A mark is
 * a conditional put in the tokens table and expires by TTL once it can no longer matter.
 */
export interface OnceMarks {
  /**
   * Places the marks and stores the notices that announce what they mark, in one transaction: all of it when
   * none of the keys is marked yet, else nothing. Answers keys found marked (done before: at least one, maybe
   * not all of them), empty when this call placed every mark; throws when it could not tell (nothing is stored
   * then either).
   */
  markOnce(marks: OnceMark[], notices: OutboxMessage[]): Promise<string[]>;
}
