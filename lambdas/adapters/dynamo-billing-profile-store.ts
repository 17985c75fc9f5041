import { ConditionalCheckFailedException, GetCommand, PutCommand } from './aws/dynamo-document-client';
import { billingProfileSchema, type BillingProfile } from '../../core/schemas/cards';
import type { BillingProfileStore } from '../ports/billing-profile-store';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { pinnedCursorSchema, queryPage } from './dynamo-query-page';

const parse = (item: Record<string, unknown>): BillingProfile => billingProfileSchema.parse(item);

/** Billing profiles in the `billingProfiles` table (core/data/tables.ts). */
export function dynamoBillingProfileStore(): BillingProfileStore {
  requireTables('billingProfiles');
  return {
    async get(accountNumber) {
      const answer = await documentClient().send(
        new GetCommand({ TableName: tableName('billingProfiles'), Key: { accountNumber }, ConsistentRead: true }),
      );
      return answer.Item ? parse(answer.Item) : null;
    },

    async save(profile, expectedVersion) {
      try {
        await documentClient().send(
          new PutCommand({
            TableName: tableName('billingProfiles'),
            // The sparse index key: present only while autopay is on.
            Item: { ...profile, ...(profile.autopay?.enabled ? { autopayState: 'on' } : {}) },
            ...(expectedVersion === null
              ? { ConditionExpression: 'attribute_not_exists(accountNumber)' }
              : {
                  ConditionExpression: 'version = :expected',
                  ExpressionAttributeValues: { ':expected': expectedVersion },
                }),
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    listAutopay(limit, cursor) {
      return queryPage({
        input: {
          TableName: tableName('billingProfiles'),
          IndexName: 'byAutopay',
          KeyConditionExpression: 'autopayState = :on',
          ExpressionAttributeValues: { ':on': 'on' },
        },
        parse,
        keyOf: (item) => ({ accountNumber: String(item.accountNumber), autopayState: String(item.autopayState) }),
        cursorSchema: pinnedCursorSchema(['accountNumber', 'autopayState'], { autopayState: 'on' }),
        limit,
        cursor,
      });
    },
  };
}
