import { GetCommand, PutCommand } from './aws/dynamo-document-client';
import type { SecondFactorChange, SecondFactorRecords } from '../ports/second-factor-records';
import { documentClient, requireTables, tableName } from './dynamo-client';

/**
 * A user's last second-factor change lives in the tokens table, one item per user: pk `second-factor#<userId>`.
 * It has no `expiresAt`: were it to expire, the next staff call would take the authenticator for a new one
 * and end the user's sessions again.
 */
export const secondFactorKey = (userId: string) => `second-factor#${userId}`;

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

export function dynamoSecondFactorRecords(): SecondFactorRecords {
  requireTables('tokens');
  async function latest(userId: string, consistent = false): Promise<SecondFactorChange | null> {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName('tokens'),
        Key: { pk: secondFactorKey(userId) },
        ...(consistent && { ConsistentRead: true }),
      }),
    );
    const changedAt = Item?.['changedAt'];
    return typeof changedAt === 'number' ? { changedAt, totp: Item?.['totp'] === true } : null;
  }
  return {
    latest: (userId) => latest(userId),
    async record(userId, change) {
      await documentClient()
        .send(
          new PutCommand({
            TableName: tableName('tokens'),
            Item: { pk: secondFactorKey(userId), changedAt: change.changedAt, totp: change.totp },
            // Two changes racing: the later one stays.
            ConditionExpression: 'attribute_not_exists(pk) OR changedAt <= :changedAt',
            ExpressionAttributeValues: { ':changedAt': change.changedAt },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },
    async recordSetUpSeen(userId, at) {
      const change = { changedAt: at, totp: true };
      try {
        await documentClient().send(
          new PutCommand({
            TableName: tableName('tokens'),
            Item: { pk: secondFactorKey(userId), ...change },
            // A set-up the portal recorded meanwhile (its sign-in page, another process) is kept: its sessions
            // signed in after it and must not be ended by this later sighting.
            ConditionExpression: 'attribute_not_exists(pk) OR totp = :off',
            ExpressionAttributeValues: { ':off': false },
          }),
        );
        return change;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return (await latest(userId, true)) ?? change;
      }
    },
  };
}
