import { ConditionalCheckFailedException, PutCommand } from './aws/dynamo-document-client';
import type { OnceMarks } from '../ports/once-marks';
import { documentClient, requireTables, tableName } from './dynamo-client';

/**
 * Once-marks in the tokens table: pk is the caller's key (e.g. `warranty-reminder#{orderId}#{eye}`), written
 * only if absent; `expiresAt` (seconds) lets TTL remove it. Two runs at the same moment both try the put and
 * exactly one wins.
 */
export function dynamoOnceMarks(now: () => number = Date.now): OnceMarks {
  requireTables('tokens');
  return {
    async markOnce(key, expiresAt) {
      try {
        await documentClient().send(
          new PutCommand({
            TableName: tableName('tokens'),
            Item: {
              pk: key,
              markedAt: new Date(now()).toISOString(),
              expiresAt: Math.floor(expiresAt.getTime() / 1000),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
