import type { OutboxMessage } from '../kernel/outbox';
import type { TransactItem } from './dynamo-money-items';
import { tableName } from './dynamo-client';

/** An outbox message as first stored: pending, due at once, tried by nobody yet. */
export function outboxItem(message: OutboxMessage): Record<string, unknown> {
  return {
    ...message,
    state: 'pending',
    dueAt: message.createdAt,
    attempts: 0,
    sentTo: [],
  };
}

/**
 * The puts that store a change's notices in the change's own transaction (the writers' side of the outbox):
 * each store adds these to its TransactWriteItems, so the notice exists exactly when the change does. A
 * message id already stored refuses the whole transaction, as a repeated change should be.
 */
export function outboxPuts(messages: readonly OutboxMessage[] | undefined): TransactItem[] {
  return (messages ?? []).map((message) => ({
    Put: {
      TableName: tableName('outbox'),
      Item: outboxItem(message),
      ConditionExpression: 'attribute_not_exists(messageId)',
    },
  }));
}
