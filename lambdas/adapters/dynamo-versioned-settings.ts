import { ConditionalCheckFailedException, GetCommand, PutCommand } from './aws/dynamo-document-client';
import * as z from '../../core/zod';
import type { VersionedSettingsStore } from '../ports/versioned-settings';
import { documentClient, requireTables, tableName } from './dynamo-client';

/**
 * One settings item of the referenceData table (`list`, `id`). A setting added to the schema after the item was
 * saved reads as its default, so a new field never makes stored settings unreadable; a save is conditional on
 * the version read (the first save on the item not existing yet).
 */
export function dynamoVersionedSettings<T extends object>(options: {
  list: string;
  id: string;
  schema: z.core.$ZodType<T>;
  defaults: T;
}): VersionedSettingsStore<T> {
  requireTables('referenceData');
  const table = () => tableName('referenceData');
  const key = { list: options.list, id: options.id };
  return {
    async get() {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }),
      );
      if (!Item) return options.defaults;
      const { list: _list, id: _id, ...stored } = Item;
      return z.parse(options.schema, { ...options.defaults, ...stored });
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
