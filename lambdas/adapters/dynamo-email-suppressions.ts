import { PutCommand } from './aws/dynamo-document-client';
import { EMAIL_SUPPRESSION_REASONS } from '../../core/schemas/email/email-suppression';
import { suppressionKey, type EmailSuppression, type EmailSuppressions } from '../ports/email-suppressions';
import { batchGetItems } from './dynamo-batch-get';
import { documentClient, requireTables, tableName } from './dynamo-client';

const REASONS = new Set<string>(EMAIL_SUPPRESSION_REASONS);

/** The emailSuppressions table (core/data/tables.ts): one item per lower-cased address. */
export function dynamoEmailSuppressions(): EmailSuppressions {
  requireTables('emailSuppressions');
  return {
    async record(suppression) {
      await documentClient().send(
        new PutCommand({
          TableName: tableName('emailSuppressions'),
          Item: { ...suppression, address: suppressionKey(suppression.address) },
        }),
      );
    },
    async find(addresses) {
      const keys = [...new Set(addresses.map(suppressionKey).filter(Boolean))];
      if (keys.length === 0) return new Map();
      const items = await batchGetItems(
        'emailSuppressions',
        keys.map((address) => ({ address })),
      );
      const found = new Map<string, EmailSuppression>();
      for (const item of items) {
        const { address, reason, at, messageId } = item as Record<string, unknown>;
        if (typeof address === 'string' && typeof reason === 'string' && REASONS.has(reason)) {
          found.set(address, {
            address,
            reason: reason as EmailSuppression['reason'],
            at: String(at ?? ''),
            messageId: String(messageId ?? ''),
          });
        }
      }
      return found;
    },
  };
}
