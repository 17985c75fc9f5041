import { ConditionalCheckFailedException, GetCommand, PutCommand, QueryCommand } from './aws/dynamo-document-client';
import { lensDesignSchema, type LensDesign } from '../../core/schemas/lenses';
import { LENS_CATALOGUE_PARTITION, lensNameKey, type LensCatalogue } from '../ports/lens-catalogue';
import { writeConflict } from '../ports/write-conflict';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { conditionalUpdate } from './dynamo-conditional-update';

// A catalogue is tens of designs; the bound only stops a runaway loop if the table ever held far more.
const MAX_PAGES = 20;

/** The index attributes every write carries, so each design is listed by the byCatalogue Query. */
const indexAttributes = (lensId: string, name: string) => ({
  catalogue: LENS_CATALOGUE_PARTITION,
  nameKey: lensNameKey(name, lensId),
});

export function dynamoLensCatalogue(): LensCatalogue {
  requireTables('lenses');
  return {
    async get(lensId) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: tableName('lenses'), Key: { lensId }, ConsistentRead: true }),
      );
      return Item ? lensDesignSchema.parse(Item) : null;
    },
    async list({ includeInactive }) {
      const items: LensDesign[] = [];
      let start: Record<string, unknown> | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await documentClient().send(
          new QueryCommand({
            TableName: tableName('lenses'),
            IndexName: 'byCatalogue',
            KeyConditionExpression: 'catalogue = :catalogue',
            ...(includeInactive
              ? { ExpressionAttributeValues: { ':catalogue': LENS_CATALOGUE_PARTITION } }
              : {
                  FilterExpression: '#active = :true',
                  ExpressionAttributeNames: { '#active': 'active' },
                  ExpressionAttributeValues: { ':catalogue': LENS_CATALOGUE_PARTITION, ':true': true },
                }),
            ExclusiveStartKey: start,
          }),
        );
        items.push(...(answer.Items ?? []).map((item) => lensDesignSchema.parse(item)));
        start = answer.LastEvaluatedKey;
        if (!start) break;
      }
      return items;
    },
    async create(lensId, fields) {
      const now = new Date().toISOString();
      const design: LensDesign = { ...fields, lensId, version: 0, createdAt: now, updatedAt: now };
      try {
        await documentClient().send(
          new PutCommand({
            TableName: tableName('lenses'),
            Item: { ...design, ...indexAttributes(lensId, fields.name) },
            ConditionExpression: 'attribute_not_exists(lensId)',
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw writeConflict('exists');
        throw error;
      }
      return lensDesignSchema.parse(design);
    },
    async update(lensId, fields, expectedVersion) {
      const { description, ...rest } = fields;
      const set: Record<string, unknown> = { ...rest, ...indexAttributes(lensId, fields.name) };
      if (description) set['description'] = description;
      const stored = await conditionalUpdate({
        table: 'lenses',
        key: { lensId },
        set,
        remove: description ? [] : ['description'],
        expectedVersion,
        now: new Date().toISOString(),
      });
      return lensDesignSchema.parse(stored);
    },
  };
}
