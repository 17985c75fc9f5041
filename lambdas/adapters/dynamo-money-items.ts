import type { CreditEntry } from '../../core/schemas/credit';
import type { Invoice } from '../../core/schemas/invoices';
import type { CreditChange, ExpectedVersion } from '../ports/money-store';
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

/** The sort keys of an account's credit ledger: its one balance item, each entry by time, each entry id once. */
export const BALANCE_SK = 'balance';
export const entrySk = (entry: Pick<CreditEntry, 'at' | 'entryId'>) => `entry#${entry.at}#${entry.entryId}`;
export const entryIdSk = (entryId: string) => `id#${entryId}`;

/**
 * The items of one account's credit change: the balance (conditional on the version read) and each entry, whose
 * id marker makes an entry id usable once per account. With a label per item (`credit:{account}`,
 * `entry:{id}`) saying which part a refusal names. Shared by the money store's commit and the order close.
 */
export function creditChangeItems(change: CreditChange): { items: TransactItem[]; labels: string[] } {
  if (change.balance.availableCents < 0 || change.balance.pendingCents < 0)
    throw new Error(`credit balance of ${change.accountNumber} would go below zero`);
  const table = tableName('creditLedger');
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table,
        Item: {
          accountNumber: change.accountNumber,
          sk: BALANCE_SK,
          availableCents: change.balance.availableCents,
          pendingCents: change.balance.pendingCents,
          version: (change.expectedVersion ?? 0) + 1,
        },
        ...versionCondition('sk', change.expectedVersion),
      },
    },
  ];
  const labels = [`credit:${change.accountNumber}`];
  for (const entry of change.entries) {
    // The id marker makes an entry id usable once per account (idempotent grants), whatever its time.
    items.push({
      Put: {
        TableName: table,
        Item: { ...entry, sk: entryIdSk(entry.entryId) },
        ConditionExpression: 'attribute_not_exists(sk)',
      },
    });
    labels.push(`entry:${entry.entryId}`);
    items.push({ Put: { TableName: table, Item: { ...entry, sk: entrySk(entry) } } });
    labels.push(`entry:${entry.entryId}`);
  }
  return { items, labels };
}
