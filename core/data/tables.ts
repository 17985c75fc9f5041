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
  /** A DynamoDB stream of new item images, for a consumer that reacts to every insert (the outbox). */
  stream?: 'NEW_IMAGE';
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
  /**
   * `byAccount` holds every order of a practice by when it was started (drafts too: the caller's drafts list).
   * `placedByAccount` is sparse: only placed orders have `submittedAt`, so a practice's order list reads no
   * drafts, and it is in placing (order-number) order. Existing placed orders all have `submittedAt`, so DynamoDB fills
   * the index itself when it is added: no backfill.
   */
  orders: {
    id: 'Orders',
    partitionKey: s('orderId'),
    indexes: [
      { indexName: 'byAccount', partitionKey: s('accountNumber'), sortKey: s('createdAt') },
      { indexName: 'placedByAccount', partitionKey: s('accountNumber'), sortKey: s('submittedAt') },
      // The approval queue: one status, oldest first by when the order entered it.
      { indexName: 'byStatus', partitionKey: s('status'), sortKey: s('statusAt') },
      // The lab's queue by ship date: sparse, only orders with a promise carry `promisedShipBy` (the promise's
      // current ship-by day, written with every order item). Orders placed before promises are not in it.
      { indexName: 'byShipBy', partitionKey: s('status'), sortKey: s('promisedShipBy') },
    ],
  },
  /**
   * Atomic counters written in the same transaction as the orders they count: the order-number sequence,
   * orders per status, per account and per week, and orders shipped (and shipped on time) per lab-local day
   * (the dashboards read counts without scanning orders). Also the parcel index: one item per shipped
   * tracking number (`parcel#{carrier}#{number}`: the order and parcel), written in the close's transaction.
   */
  counters: { id: 'Counters', partitionKey: s('counter') },
  /**
   * The lens catalogue. `byCatalogue` holds every design in one partition (`catalogue` = 'lenses') sorted by
   * `nameKey` (lensNameKey: the folded name + '#' + lensId, written with every design), so listing is a Query,
   * never a Scan.
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
  /**
   * Invoices, pk the lab's invoice number. `byAccount` lists a practice's invoices newest first
   * (Pay Online); `byStatus` is the lab's Invoices page per status, newest first.
   */
  invoices: {
    id: 'Invoices',
    partitionKey: s('invoiceNumber'),
    indexes: [
      { indexName: 'byAccount', partitionKey: s('accountNumber'), sortKey: s('issuedAt') },
      { indexName: 'byStatus', partitionKey: s('status'), sortKey: s('issuedAt') },
      // Every invoice newest first (`ledger` = 'invoices' on every item): the lab's list without a status.
      { indexName: 'byIssued', partitionKey: s('ledger'), sortKey: s('issuedAt') },
    ],
  },
  /** Card and credit payments, pk the client-made payment id (the idempotency key of Pay Online). */
  payments: {
    id: 'Payments',
    partitionKey: s('paymentId'),
    indexes: [{ indexName: 'byAccount', partitionKey: s('accountNumber'), sortKey: s('createdAt') }],
  },
  /**
   * Lens credit per account: the append-only ledger (sk `entry#{at}#{entryId}`) and one balance item
   * (sk `balance`: available and pending cents, versioned) written in the same transaction as each entry.
   */
  creditLedger: { id: 'CreditLedger', partitionKey: s('accountNumber'), sortKey: s('sk') },
  /**
   * Monthly statements, one item per account, month and version (sk `{month}#v{0001}`), each put only if absent:
   * a job that runs twice issues once, and a correction is the next version beside the earlier one. `byMonth`
   * is the lab's all-accounts view of one month (sk `{accountNumber}#v{0001}`). A new table: its index is made with it.
   */
  statements: {
    id: 'Statements',
    partitionKey: s('accountNumber'),
    sortKey: s('sk'),
    indexes: [{ indexName: 'byMonth', partitionKey: s('month'), sortKey: s('accountKey') }],
  },
  /**
   * Cards on file and autopay, one item per account (docs/decisions/0106-cards-on-file.md): the gateway's customer,
   * the saved cards (ids, brand, last four, expiry: never a number) and the autopay choice, versioned. `byAutopay` is
   * sparse: only an account with autopay on carries `autopayState` ('on'), so the daily job is one Query.
   */
  billingProfiles: {
    id: 'BillingProfiles',
    partitionKey: s('accountNumber'),
    indexes: [{ indexName: 'byAutopay', partitionKey: s('autopayState'), sortKey: s('accountNumber') }],
  },
  /** Warranty claims (cancel for credit, defects): per account for Lens Credit, per status for the lab's queue. */
  warrantyClaims: {
    id: 'WarrantyClaims',
    partitionKey: s('claimId'),
    indexes: [
      { indexName: 'byAccount', partitionKey: s('accountNumber'), sortKey: s('createdAt') },
      { indexName: 'byStatus', partitionKey: s('status'), sortKey: s('createdAt') },
    ],
  },
  /**
   * Consult requests of the Ampleye Virtual Consultant. `byAccount` is a practice's Consults list, newest
   * first; `byStatus` the lab's queue per status, oldest first (sorted by `createdAt`, the age the queue shows).
   * Public requests have no account until the lab links them, so they appear in `byStatus` only.
   */
  consults: {
    id: 'Consults',
    partitionKey: s('consultId'),
    indexes: [
      { indexName: 'byAccount', partitionKey: s('accountNumber'), sortKey: s('createdAt') },
      { indexName: 'byStatus', partitionKey: s('status'), sortKey: s('createdAt') },
    ],
  },
  /**
   * The audit trail: denied requests and the lab's changes, append-only (every put is
   * conditional on `attribute_not_exists`, and writers hold PutItem only). pk one UTC day (`YYYY-MM-DD`), sk
   * `{at}#{eventId}`, so a date range is a Query per day, newest first. The indexes answer the Audit page's
   * filters with a Query each, sorted by the same sk: `byActor` (the caller's lower-cased email), `byAccount`
   * (the practice a change concerns) and `byAction`. A new table, so all three are created at once.
   */
  auditLog: {
    id: 'AuditLog',
    partitionKey: s('day'),
    sortKey: s('sk'),
    indexes: [
      { indexName: 'byActor', partitionKey: s('actorEmail'), sortKey: s('sk') },
      { indexName: 'byAccount', partitionKey: s('accountNumber'), sortKey: s('sk') },
      { indexName: 'byAction', partitionKey: s('action'), sortKey: s('sk') },
    ],
    // Six years after each entry (core/schemas/audit.ts AUDIT_RETENTION_YEARS), then DynamoDB removes it.
    ttlAttribute: 'expiresAt',
  },
  /** Short-lived records: idempotency keys, revoked sessions, rate-limit windows. */
  tokens: { id: 'Tokens', partitionKey: s('pk'), ttlAttribute: 'expiresAt' },
  /**
   * Addresses SES reported as hard-bounced or marked as spam (lambdas/events/email-feedback.ts), by the
   * lower-cased address: the portal sends them nothing more, and the user lists show it, until the address is
   * cleared (docs/runbook.md "Emails do not arrive") or its user changes it.
   */
  emailSuppressions: { id: 'EmailSuppressions', partitionKey: s('address') },
  /**
   * The transactional outbox: every notice is put here in the same transaction as the change that causes it,
   * and the consumer (lambdas/use-cases/notices) delivers it. `byState` is sparse: only messages waiting
   * (`state` = 'pending', by `dueAt`) or parked in the dead-letter store (`state` = 'dead') are in it, so the
   * sweep and the dead-letter list are a Query each. A delivered message loses `state` and keeps its record
   * (who got it, when) until `expiresAt`. The stream wakes the consumer on each new message in AWS.
   */
  outbox: {
    id: 'Outbox',
    partitionKey: s('messageId'),
    indexes: [{ indexName: 'byState', partitionKey: s('state'), sortKey: s('dueAt') }],
    ttlAttribute: 'expiresAt',
    stream: 'NEW_IMAGE',
  },
  /**
   * The notification centre's inbox, one partition per user: items `n#{createdAt}#{id}` (a descending Query
   * lists newest first), one `meta` item holding the unread count (changed in the same transaction as each
   * insert and mark-read) and the user's saved choices with their version, and `digest#{day}` marks (a digest
   * went). `byDigest` is sparse: only items raised for an event the user chose as a daily digest carry
   * `digestDay` (the UTC day whose digest lists them) and `digestKey` (userId#sk), so the digest job is a Query
   * per day. Items leave after NOTIFICATION_LIMITS.keepDays (core/schemas/notifications.ts).
   */
  notifications: {
    id: 'Notifications',
    partitionKey: s('userId'),
    sortKey: s('sk'),
    indexes: [{ indexName: 'byDigest', partitionKey: s('digestDay'), sortKey: s('digestKey') }],
    ttlAttribute: 'expiresAt',
  },
  /**
   * The lab's outgoing webhooks (docs/decisions/0105-outgoing-webhooks.md): endpoints in one partition
   * (`pk` = 'endpoint', `sk` = endpointId), and each endpoint's delivery log in its own (`pk` =
   * `deliveries#{endpointId}`, `sk` = `{event time}#{event id}`, so a descending Query lists newest first and a
   * second fan-out of one event finds its delivery already there). `byDue` is sparse: only a delivery waiting for
   * its next try carries `dueState` ('pending') and `dueAt`, so the sweep is one Query. Deliveries leave after
   * WEBHOOK_RETRY_POLICY.keepDays (`expiresAt`).
   */
  webhooks: {
    id: 'Webhooks',
    partitionKey: s('pk'),
    sortKey: s('sk'),
    indexes: [{ indexName: 'byDue', partitionKey: s('dueState'), sortKey: s('dueAt') }],
    ttlAttribute: 'expiresAt',
  },
} as const satisfies Record<string, TableDef>;

export type TableName = keyof typeof TABLES;

/** DynamoDB's ceiling on the items of one TransactWriteItems: a change and its outbox notices share it. */
export const TRANSACTION_ITEMS_LIMIT = 100;

/** Environment variable through which a Lambda learns a table's physical name. */
export function tableEnvVar(table: TableName): string {
  return `TABLE_${table.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** Partition names of the referenceData table. */
export const REFERENCE_LISTS = {
  buyingGroups: 'buyingGroups',
  /** One item (id `troubleshooter`): the virtual consultant's thresholds (core/schemas/consults/settings.ts). */
  consultant: 'consultant',
  /** One item (id `creditApproval`): the credit a second super admin must approve above (core/schemas/credit.ts). */
  money: 'money',
  /**
   * One item (id `settings`): the lab's production stages and shipping calendar
   * (core/schemas/production-settings.ts), which the ship promise and the lab's queue read.
   */
  production: 'production',
} as const;
