import { TransactionCanceledException, TransactWriteCommand } from './aws/dynamo-document-client';
import { ONCE_MARKS_WRITE_LIMIT, type OnceMarks } from '../ports/once-marks';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { outboxPuts } from './dynamo-outbox-items';

/**
 * Once-marks in the tokens table: pk is the caller's key (e.g. `warranty-reminder#{orderId}#{eye}`), written
 * only if absent, in one transaction with the outbox messages that announce them; `expiresAt` (seconds) lets
 * TTL remove it. Two runs at the same moment both try the puts and at most one wins.
 */
export function dynamoOnceMarks(now: () => number = Date.now): OnceMarks {
  requireTables('tokens', 'outbox');
  return {
    async markOnce(marks, notices) {
      if (marks.length + notices.length > ONCE_MARKS_WRITE_LIMIT)
        throw new Error(
          `${marks.length} marks and ${notices.length} notices are over one transaction's ${ONCE_MARKS_WRITE_LIMIT}`,
        );
      if (marks.length === 0 && notices.length === 0) return [];
      const markedAt = new Date(now()).toISOString();
      try {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              ...marks.map(({ key, expiresAt }) => ({
                Put: {
                  TableName: tableName('tokens'),
                  Item: { pk: key, markedAt, expiresAt: Math.floor(expiresAt.getTime() / 1000) },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              })),
              ...outboxPuts(notices),
            ],
          }),
        );
        return [];
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        // The marks come first, so a reason's index is its mark's.
        const reasons = error.CancellationReasons ?? [];
        const taken = marks.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed').map((m) => m.key);
        // None of the marks was taken: another transaction was in flight, or a notice id is stored already.
        if (taken.length === 0) throw error;
        return taken;
      }
    },
  };
}
