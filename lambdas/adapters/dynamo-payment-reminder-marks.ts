import { TransactionCanceledException, TransactWriteCommand } from './aws/dynamo-document-client';
import type { PaymentReminderMarks } from '../ports/payment-reminder-marks';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { outboxPuts } from './dynamo-outbox-items';

/**
 * Reminder marks in the tokens table (pk the mark's key, TTL `expiresAt`), each put only if absent, in one
 * transaction with a condition check that the invoice still has the version read and a balance, and the email's
 * outbox message. Two runs at once both try; at most one stores the reminder.
 */
export function dynamoPaymentReminderMarks(now: () => number = Date.now): PaymentReminderMarks {
  requireTables('tokens', 'outbox', 'invoices');
  return {
    async markReminder(mark, notice, invoice) {
      try {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName('tokens'),
                  Item: {
                    pk: mark.key,
                    markedAt: new Date(now()).toISOString(),
                    expiresAt: Math.floor(mark.expiresAt.getTime() / 1000),
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                ConditionCheck: {
                  TableName: tableName('invoices'),
                  Key: { invoiceNumber: invoice.invoiceNumber },
                  ConditionExpression: '#version = :version AND #balance > :zero',
                  ExpressionAttributeNames: { '#version': 'version', '#balance': 'balanceCents' },
                  ExpressionAttributeValues: { ':version': invoice.version, ':zero': 0 },
                },
              },
              ...outboxPuts([notice]),
            ],
          }),
        );
        return 'marked';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [markReason, invoiceReason] = (error.CancellationReasons ?? []).map((r) => r.Code);
        if (markReason === 'ConditionalCheckFailed') return 'taken';
        if (invoiceReason === 'ConditionalCheckFailed') return 'changed';
        throw error;
      }
    },
  };
}
