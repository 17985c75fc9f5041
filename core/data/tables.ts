/**
 * The one definition of every DynamoDB table: logical name, keys and indexes. The CDK Data construct and
 * the local stack both create tables from this list, and handlers find table names through `tableEnvVar`.
 */
export type KeyType = 'S' | 'N';
export interface KeyDef {
  name: string;
  type: KeyType;
}
export interface IndexDef {
  indexName: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
}
export interface TableDef {
  /** Logical id, stable forever: renaming it would replace the table in CloudFormation. */
  id: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  indexes?: IndexDef[];
  /** Attribute DynamoDB deletes items by (seconds since epoch). */
  ttlAttribute?: string;
}

const s = (name: string): KeyDef => ({ name, type: 'S' });

export const TABLES = {
  users: { id: 'Users', partitionKey: s('userId') },
  /**
   * `byStatus` (the activity status the browser reports, lastActivity in ms) answers "who is active now" for
   * the admin dashboard with a Query per status, never a Scan; put-activity already writes both attributes.
   */
  userActivity: {
    id: 'UserActivity',
    partitionKey: s('userId'),
    indexes: [{ indexName: 'byStatus', partitionKey: s('status'), sortKey: { name: 'lastActivity', type: 'N' } }],
  },
  /**
   * Practices. `byStatus` lists them per status sorted by `companyKey` (the folded practice name + '#' +
   * account number, written with every record), so Customer Management pages and searches by name prefix
   * with a Query, never a Scan. One index only: CloudFormation adds one GSI per table update.
   */
  customers: {
    id: 'Customers',
    partitionKey: s('accountNumber'),
    indexes: [{ indexName: 'byStatus', partitionKey: s('status'), sortKey: s('companyKey') }],
  },
  /** Small lists the forms offer (buying groups, shipping methods): one partition per list, so listing is a Query. */
  referenceData: { id: 'ReferenceData', partitionKey: s('list'), sortKey: s('id') },
  orders: {
    id: 'Orders',
    partitionKey: s('orderId'),
    indexes: [
      { indexName: 'byAccount', partitionKey: s('accountNumber'), sortKey: s('createdAt') },
      // The approval queue: one status, oldest first by when the order entered it.
      { indexName: 'byStatus', partitionKey: s('status'), sortKey: s('statusAt') },
    ],
  },
  /**
   * Atomic counters written in the same transaction as the orders they count: the order-number sequence,
   * orders per status, per account and per week (the dashboards read counts without scanning orders).
   */
  counters: { id: 'Counters', partitionKey: s('counter') },
  /**
   * The lens catalogue. `byCatalogue` holds every design in one partition (`catalogue` = 'lenses') sorted by
   * `nameKey` (lower-cased name + '#' + lensId, written with every design), so listing is a Query, never a Scan.
   */
  lenses: {
    id: 'Lenses',
    partitionKey: s('lensId'),
    indexes: [{ indexName: 'byCatalogue', partitionKey: s('catalogue'), sortKey: s('nameKey') }],
  },
  emailTemplates: { id: 'EmailTemplates', partitionKey: s('kind') },
  accountRequests: {
    id: 'AccountRequests',
    partitionKey: s('requestId'),
    indexes: [{ indexName: 'byStatus', partitionKey: s('status'), sortKey: s('createdAt') }],
  },
  /** Short-lived records: idempotency keys, revoked sessions, rate-limit windows. */
  tokens: { id: 'Tokens', partitionKey: s('pk'), ttlAttribute: 'expiresAt' },
} as const satisfies Record<string, TableDef>;

export type TableName = keyof typeof TABLES;

/** Environment variable through which a Lambda learns a table's physical name. */
export function tableEnvVar(table: TableName): string {
  return `TABLE_${table.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** Partition names of the referenceData table. */
export const REFERENCE_LISTS = { buyingGroups: 'buyingGroups' } as const;
