import { createHash } from 'node:crypto';
import {
  ConditionalCheckFailedException,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from './aws/dynamo-document-client';
import type { PendingSignUpCode, SignUpCodes } from '../ports/sign-up-codes';
import { documentClient, requireTables, tableName } from './dynamo-client';

/**
 * Pending sign-up codes in the tokens table, keyed by the email's hash (no address in a key), with the code's
 * hash only; `expiresAt` (seconds) lets TTL remove them. A try is one conditional update, so concurrent tries
 * cannot use more than the tries left.
 */
export function dynamoSignUpCodes(): SignUpCodes {
  requireTables('tokens');
  const key = (email: string) => ({ pk: `signup-code#${createHash('sha256').update(email).digest('hex')}` });
  const fromItem = (email: string, item: Record<string, unknown> | undefined): PendingSignUpCode | null =>
    item
      ? {
          email,
          userId: String(item['userId']),
          codeHash: String(item['codeHash']),
          expiresAt: Number(item['expiresAt']),
          attemptsLeft: Number(item['attemptsLeft']),
        }
      : null;
  return {
    async put({ email, userId, codeHash, expiresAt, attemptsLeft }) {
      await documentClient().send(
        new PutCommand({
          TableName: tableName('tokens'),
          Item: { ...key(email), userId, codeHash, expiresAt, attemptsLeft },
        }),
      );
    },
    async peek(email) {
      const answer = await documentClient().send(
        new GetCommand({ TableName: tableName('tokens'), Key: key(email), ConsistentRead: true }),
      );
      return fromItem(email, answer.Item);
    },
    async useAttempt(email) {
      try {
        const answer = await documentClient().send(
          new UpdateCommand({
            TableName: tableName('tokens'),
            Key: key(email),
            UpdateExpression: 'SET attemptsLeft = attemptsLeft - :one',
            ConditionExpression: 'attemptsLeft > :zero',
            ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return fromItem(email, answer.Attributes);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },
    async remove(email) {
      await documentClient().send(new DeleteCommand({ TableName: tableName('tokens'), Key: key(email) }));
    },
  };
}
