import { lazySchema } from '../../core/schemas/lazy-schema';
import { ConditionalCheckFailedException, GetCommand, PutCommand } from './aws/dynamo-document-client';
import * as z from '../../core/zod';
import type { EmailTemplate } from '../../core/schemas/email/email';
import { EMAIL_KINDS, type EmailKind } from '../../core/schemas/email/email-kinds';
import { defaultTemplate, type TemplateText } from '../email/default-templates';
import { labNotificationsAddress } from '../email/email-config';
import type { EmailTemplates, LabRecipients } from '../ports/email-templates';
import { writeConflict } from '../ports/write-conflict';
import { batchGetItems } from './dynamo-batch-get';
import { documentClient, requireTables, tableName } from './dynamo-client';

/** The lab recipients live in the templates table under a key no email kind can take. */
export const LAB_RECIPIENTS_KEY = 'settings#lab-recipients';

const storedTemplateSchema = lazySchema(() =>
  z.object({
    kind: z.enum(EMAIL_KINDS),
    subject: z.string(),
    body: z.string(),
    version: z.number().check(z.int(), z.positive()),
    updatedAt: z.optional(z.string()),
  }),
);
const storedRecipientsSchema = lazySchema(() =>
  z.object({
    recipients: z.array(z.string()),
    version: z.number().check(z.int(), z.positive()),
  }),
);

const withDefaults = (kind: EmailKind, stored: z.infer<typeof storedTemplateSchema> | null): EmailTemplate => {
  const defaults = defaultTemplate(kind);
  return stored
    ? { ...stored, defaults }
    : { kind, subject: defaults.subject, body: defaults.body, version: 0, defaults };
};

/**
 * Puts `item` if the stored version is `expectedVersion` (0: nothing stored yet), counting the version up.
 * One conditional PutItem, so two editors saving at once: one wins, the other's write is refused ('changed').
 */
async function putVersioned(item: Record<string, unknown>, expectedVersion: number): Promise<void> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('emailTemplates'),
        Item: { ...item, version: expectedVersion + 1 },
        ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(#kind)' : '#version = :expected',
        ExpressionAttributeNames: expectedVersion === 0 ? { '#kind': 'kind' } : { '#version': 'version' },
        ...(expectedVersion === 0 ? {} : { ExpressionAttributeValues: { ':expected': expectedVersion } }),
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw writeConflict('changed');
    throw error;
  }
}

export function dynamoEmailTemplates(options: { defaultRecipients?: () => string[] } = {}): EmailTemplates {
  requireTables('emailTemplates');
  const defaultRecipients = options.defaultRecipients ?? (() => [labNotificationsAddress()]);
  const read = async (kind: string) => {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('emailTemplates'), Key: { kind }, ConsistentRead: true }),
    );
    return Item ?? null;
  };
  return {
    async get(kind) {
      const item = await read(kind);
      return withDefaults(kind, item ? storedTemplateSchema.parse(item) : null);
    },
    async list() {
      const items = await batchGetItems(
        'emailTemplates',
        EMAIL_KINDS.map((kind) => ({ kind })),
      );
      const byKind = new Map(items.map((item) => [item['kind'], storedTemplateSchema.parse(item)]));
      return EMAIL_KINDS.map((kind) => withDefaults(kind, byKind.get(kind) ?? null));
    },
    async save(kind, text: TemplateText, expectedVersion, now) {
      const item = { kind, subject: text.subject, body: text.body, updatedAt: now };
      await putVersioned(item, expectedVersion);
      return withDefaults(kind, { ...item, version: expectedVersion + 1 });
    },
    async labRecipients(): Promise<LabRecipients> {
      const item = await read(LAB_RECIPIENTS_KEY);
      if (!item) return { recipients: defaultRecipients(), version: 0 };
      const stored = storedRecipientsSchema.parse(item);
      return { recipients: stored.recipients, version: stored.version };
    },
    async saveLabRecipients(recipients, expectedVersion, now) {
      await putVersioned({ kind: LAB_RECIPIENTS_KEY, recipients, updatedAt: now }, expectedVersion);
      return { recipients, version: expectedVersion + 1 };
    },
  };
}
