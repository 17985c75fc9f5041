import { createHash } from 'node:crypto';
import { UpdateCommand } from './aws/dynamo-document-client';
import type { RateLimiter } from '../ports/rate-limiter';
import { documentClient, requireTables, tableName } from './dynamo-client';

/**
 * Fixed-window counters in the tokens table. Keys are hashed, so no email or IP address is stored; items
 * expire (TTL) a minute after their window ends. The limit check is the update's own condition, so
 * concurrent requests cannot overshoot it.
 */
export function dynamoRateLimiter(now: () => number = Date.now): RateLimiter {
  requireTables('tokens');
  return {
    async consume(key, limit, windowSeconds) {
      const nowSeconds = Math.floor(now() / 1000);
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      const digest = createHash('sha256').update(key).digest('hex');
      try {
        await documentClient().send(
          new UpdateCommand({
            TableName: tableName('tokens'),
            Key: { pk: `ratelimit#${digest}#${windowStart}` },
            UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
            ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': windowStart + windowSeconds + 60 },
          }),
        );
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    },
  };
}
