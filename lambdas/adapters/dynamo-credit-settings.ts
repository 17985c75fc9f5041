import { ConditionalCheckFailedException, GetCommand, PutCommand } from './aws/dynamo-document-client';
import { REFERENCE_LISTS } from '../../core/data/tables';
import { creditSettingsSchema, DEFAULT_CREDIT_SETTINGS } from '../../core/schemas/credit';
import type { CreditSettingsStore } from '../ports/money-store';
import { documentClient, requireTables, tableName } from './dynamo-client';

/** The referenceData item id of the lab's money settings (list `money`). */
export const CREDIT_SETTINGS_ID = 'creditApproval';

/** DynamoDB adapter of the CreditSettingsStore port; saves are conditional on the version read. */
export function dynamoCreditSettings(
  /** Another item of the list, for tests that must leave the live settings alone. */
  options: { id?: string } = {},
): CreditSettingsStore {
  requireTables('referenceData');
  const table = () => tableName('referenceData');
  const key = { list: REFERENCE_LISTS.money, id: options.id ?? CREDIT_SETTINGS_ID };
  return {
    async get() {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }),
      );
      if (!Item) return DEFAULT_CREDIT_SETTINGS;
      const { list: _list, id: _id, ...stored } = Item;
      return creditSettingsSchema.parse({ ...DEFAULT_CREDIT_SETTINGS, ...stored });
    },

    async put(settings, expectedVersion) {
      const first = expectedVersion === 0;
      try {
        await documentClient().send(
          new PutCommand({
            TableName: table(),
            Item: { ...settings, ...key, version: expectedVersion + 1 },
            ConditionExpression: first ? 'attribute_not_exists(#list)' : '#version = :expected',
            ExpressionAttributeNames: first ? { '#list': 'list' } : { '#version': 'version' },
            ...(first ? {} : { ExpressionAttributeValues: { ':expected': expectedVersion } }),
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
