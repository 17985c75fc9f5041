import { GetCommand, TransactionCanceledException, TransactWriteCommand } from './aws/dynamo-document-client';
import { userProfileSchema } from '../../core/schemas/users/user-profile';
import type { AccountLinks } from '../ports/account-links';
import { writeConflict } from '../ports/write-conflict';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { outboxPuts } from './dynamo-outbox-items';

/**
 * A user's accounts (users record) and each practice's `userIds` set (customers record) change in one
 * TransactWriteItems, so "who is linked to this practice" (getCustomer) never disagrees with the users'
 * own records, without a Scan or an index over a list attribute.
 */
export function dynamoAccountLinks(): AccountLinks {
  requireTables('users', 'customers');
  return {
    async apply(change, notices) {
      const now = new Date().toISOString();
      const userUpdate = {
        Update: {
          TableName: tableName('users'),
          Key: { userId: change.userId },
          UpdateExpression: `SET accountNumbers = :numbers, version = if_not_exists(version, :zero) + :one, updatedAt = :now${
            change.accountNumber ? ', accountNumber = :main' : ''
          }${change.practiceRoles ? ', practiceRoles = :roles' : ''}${change.accountNumber ? '' : ' REMOVE accountNumber'}`,
          ConditionExpression:
            change.expectedVersion === 0
              ? 'attribute_exists(userId) AND (version = :expected OR attribute_not_exists(version))'
              : 'attribute_exists(userId) AND version = :expected',
          ExpressionAttributeValues: {
            ':numbers': change.accountNumbers,
            ':zero': 0,
            ':one': 1,
            ':now': now,
            ':expected': change.expectedVersion,
            ...(change.accountNumber ? { ':main': change.accountNumber } : {}),
            ...(change.practiceRoles ? { ':roles': change.practiceRoles } : {}),
          },
        },
      };
      const practiceUpdate = (accountNumber: string, op: 'ADD' | 'DELETE') => ({
        Update: {
          TableName: tableName('customers'),
          Key: { accountNumber },
          UpdateExpression: `${op} userIds :user`,
          ConditionExpression: 'attribute_exists(accountNumber)',
          ExpressionAttributeValues: { ':user': new Set([change.userId]) },
        },
      });
      const practiceUpdates = [
        ...(change.linked ? [practiceUpdate(change.linked, 'ADD')] : []),
        ...(change.unlinked ? [practiceUpdate(change.unlinked, 'DELETE')] : []),
      ];
      const items = [userUpdate, ...practiceUpdates, ...outboxPuts(notices)];
      try {
        await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        if (reasons[0]?.Code === 'ConditionalCheckFailed') {
          const { Item } = await documentClient().send(
            new GetCommand({ TableName: tableName('users'), Key: { userId: change.userId }, ConsistentRead: true }),
          );
          throw writeConflict(Item ? 'changed' : 'missing');
        }
        if (reasons.slice(1, 1 + practiceUpdates.length).some((r) => r.Code === 'ConditionalCheckFailed'))
          throw writeConflict('account-missing');
        throw error;
      }
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: tableName('users'), Key: { userId: change.userId }, ConsistentRead: true }),
      );
      return userProfileSchema.parse(Item);
    },
  };
}
