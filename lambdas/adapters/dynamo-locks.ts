import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, DeleteCommand, PutCommand } from './aws/dynamo-document-client';
import { LockBusy, type Locks } from '../ports/locks';
import { documentClient, requireTables, tableName } from './dynamo-client';

/**
 * Locks in the tokens table: pk `lock#<name>`, taken with a conditional put (free, or expired), released
 * by its owner only. TTL cleans up after a holder that died; `expiresAt` also lets the next caller take
 * an expired lock before TTL gets to it.
 */
export function dynamoLocks(now: () => number = Date.now): Locks {
  requireTables('tokens');
  return {
    async withLock(name, ttlSeconds, run) {
      const pk = `lock#${name}`;
      const owner = randomUUID();
      const nowSeconds = Math.floor(now() / 1000);
      try {
        await documentClient().send(
          new PutCommand({
            TableName: tableName('tokens'),
            Item: { pk, owner, expiresAt: nowSeconds + ttlSeconds },
            ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
            ExpressionAttributeValues: { ':now': nowSeconds },
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw new LockBusy(name);
        throw error;
      }
      try {
        return await run();
      } finally {
        await documentClient()
          .send(
            new DeleteCommand({
              TableName: tableName('tokens'),
              Key: { pk },
              ConditionExpression: '#owner = :owner',
              ExpressionAttributeNames: { '#owner': 'owner' },
              ExpressionAttributeValues: { ':owner': owner },
            }),
          )
          .catch(() => undefined); // expired and taken by someone else: theirs now
      }
    },
  };
}
