import type { OutboxMessage } from '../kernel/outbox';
import {
  ConditionalCheckFailedException,
  PutCommand,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
} from './aws/dynamo-document-client';
import { documentClient } from './dynamo-client';
import type { TransactItem } from './dynamo-money-items';
import { outboxPuts } from './dynamo-outbox-items';

/** One conditional write of a record: a Put or an Update, as a transaction item names it. */
export type RecordWrite = { Put: NonNullable<TransactItem['Put']> } | { Update: NonNullable<TransactItem['Update']> };

/**
 * Writes one record with the notices its change causes: alone when it causes none (half the write cost of a
 * transaction), in one transaction with their outbox puts otherwise, so a notice exists exactly when the change
 * does. Answers false when the record's own condition refused the write (nothing is stored then, notices
 * included); any other failure is thrown.
 */
export async function writeWithNotices(
  write: RecordWrite,
  notices: readonly OutboxMessage[] | undefined,
): Promise<boolean> {
  try {
    if (notices?.length) {
      await documentClient().send(new TransactWriteCommand({ TransactItems: [write, ...outboxPuts(notices)] }));
    } else if ('Put' in write) {
      await documentClient().send(new PutCommand(write.Put));
    } else {
      await documentClient().send(new UpdateCommand(write.Update));
    }
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    )
      return false;
    throw error;
  }
}
