import type { Invoice } from '../../core/schemas/invoices';
import type { ExpectedVersion } from '../ports/money-store';
import type { TransactWriteCommand } from './aws/dynamo-document-client';
import { tableName } from './dynamo-client';

// Named money like the store it serves: the items are in the tables invoices, payments and credit share.
/*
 * The money tables' transaction items that another store's transaction includes too (closing an order issues
 * its invoice), apart from dynamo-money-store.ts: an orders function then loads none of the money schemas.
 */

/** The `ledger` value every invoice carries, for the byIssued index (the lab's list of every invoice). */
export const INVOICE_LEDGER = 'invoices';

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

interface Condition {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export function versionCondition(keyAttribute: string, expected: ExpectedVersion): Condition {
  return expected === null
    ? { ConditionExpression: 'attribute_not_exists(#key)', ExpressionAttributeNames: { '#key': keyAttribute } }
    : {
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expected },
      };
}

/** The conditional put of an invoice, for transactions other stores build (the order close issues one). */
export function invoicePut(invoice: Invoice, expectedVersion: ExpectedVersion): TransactItem {
  return {
    Put: {
      TableName: tableName('invoices'),
      Item: { ...invoice, ledger: INVOICE_LEDGER },
      ...versionCondition('invoiceNumber', expectedVersion),
    },
  };
}
