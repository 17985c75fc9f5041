import { ConditionalCheckFailedException, GetCommand, PutCommand } from './aws/dynamo-document-client';
import { REFERENCE_LISTS } from '../../core/data/tables';
import { DEFAULT_TROUBLESHOOTER_SETTINGS, troubleshooterSettingsSchema } from '../../core/schemas/consult';
import type { ConsultantSettingsStore } from '../ports/consult-store';
import { documentClient, requireTables, tableName } from './dynamo-client';

/** The referenceData item id the troubleshooter's settings live in (list `consultant`). */
export const CONSULTANT_SETTINGS_ID = 'troubleshooter';

/**
 * DynamoDB adapter of the ConsultantSettingsStore port. A setting added to the schema after the item was saved
 * reads as its default, so a new threshold never makes stored settings unreadable.
 */
export function dynamoConsultantSettings(
  /** Another item of the list, for tests that must leave the live settings alone. */
  options: { id?: string } = {},
): ConsultantSettingsStore {
  requireTables('referenceData');
  const table = () => tableName('referenceData');
  const key = { list: REFERENCE_LISTS.consultant, id: options.id ?? CONSULTANT_SETTINGS_ID };
  return {
    async get() {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }),
      );
      if (!Item) return DEFAULT_TROUBLESHOOTER_SETTINGS;
      const { list: _list, id: _id, ...stored } = Item;
      return troubleshooterSettingsSchema.parse({ ...DEFAULT_TROUBLESHOOTER_SETTINGS, ...stored });
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
