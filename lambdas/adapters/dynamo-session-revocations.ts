import { GetCommand, PutCommand } from './aws/dynamo-document-client';
import type { SessionRevocations } from '../ports/session-revocations';
import { cachedSessionRevocations } from '../auth/session-revocation';
import { documentClient, tableName } from './dynamo-client';

/** Revocations live in the tokens table, one item per user: pk `revoked#<userId>`. */
export const revocationKey = (userId: string) => `revoked#${userId}`;
/** An ended session (Log Out on one device), one item per token family: pk `ended-session#<origin_jti>`. */
export const endedSessionKey = (sessionId: string) => `ended-session#${sessionId}`;

export function dynamoSessionRevocations(): SessionRevocations {
  return {
    async revoke(userId, revokedAt, expiresAt) {
      await documentClient()
        .send(
          new PutCommand({
            TableName: tableName('tokens'),
            Item: { pk: revocationKey(userId), revokedAt, expiresAt },
            // A later revocation is never replaced by an earlier one (two sign-outs racing).
            ConditionExpression: 'attribute_not_exists(pk) OR revokedAt <= :revokedAt',
            ExpressionAttributeValues: { ':revokedAt': revokedAt },
          }),
        )
        .catch((error: unknown) => {
          if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
        });
    },
    async revokedAt(userId) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: tableName('tokens'), Key: { pk: revocationKey(userId) } }),
      );
      const value = Item?.['revokedAt'];
      return typeof value === 'number' ? value : null;
    },
    async endSession(sessionId, expiresAt) {
      await documentClient().send(
        new PutCommand({ TableName: tableName('tokens'), Item: { pk: endedSessionKey(sessionId), expiresAt } }),
      );
    },
    async sessionEnded(sessionId) {
      const { Item } = await documentClient().send(
        new GetCommand({
          TableName: tableName('tokens'),
          Key: { pk: endedSessionKey(sessionId) },
          ProjectionExpression: 'pk',
          // The process that handled the Log Out caches it; the others must not read a stale "not ended".
          ConsistentRead: true,
        }),
      );
      return Item !== undefined;
    },
  };
}

let shared: ReturnType<typeof cachedSessionRevocations> | undefined;
/**
 * One cached revocation store per Lambda container (per process locally), shared by the handler wrapper's
 * check and the signOut route, so a sign-out is seen at once by the process that handled it.
 */
export function sharedSessionRevocations() {
  shared ??= cachedSessionRevocations(dynamoSessionRevocations());
  return shared;
}
