import { TRANSACTION_ITEMS_LIMIT } from '../../core/data/tables';
import { GetCommand, TransactionCanceledException, TransactWriteCommand } from './aws/dynamo-document-client';
import * as z from '../../core/zod';
import {
  creditApprovalSchema,
  creditEntrySchema,
  warrantyClaimSchema,
  type CreditApproval,
} from '../../core/schemas/credit';
import { invoiceSchema, type Invoice } from '../../core/schemas/invoices';
import { paymentSchema } from '../../core/schemas/payments';
import {
  moneyRefusals,
  type MoneyWriteRefused,
  type CreditBalance,
  type MoneyStore,
  type MoneyTransaction,
} from '../ports/money-store';
import { documentClient, tableName } from './dynamo-client';
import {
  BALANCE_SK,
  creditChangeItems,
  entryIdSk,
  INVOICE_LEDGER,
  invoicePut,
  versionCondition,
  type TransactItem,
} from './dynamo-money-items';
import { outboxPuts } from './dynamo-outbox-items';
import { pinnedCursorSchema, queryPage } from './dynamo-query-page';
import { emfCreditMetrics, type CreditMetrics } from './emf-credit-metrics';

/**
 * Credit waiting for a second super admin lives in one partition of creditLedger no account number can be
 * (they are letters, digits and dashes): its record by entry id (so an entry id is used once over all
 * accounts) and, while pending, a queue item sorted by when it was asked for. The practice's account is kept
 * as `forAccount`, since `accountNumber` is the partition key.
 */
const APPROVALS_PK = '#credit-approvals';
const approvalSk = (entryId: string) => `approval#${entryId}`;
const queueSk = (a: Pick<CreditApproval, 'requestedAt' | 'entryId'>) => `pending#${a.requestedAt}#${a.entryId}`;
const approvalItem = (approval: CreditApproval, sk: string) => {
  const { accountNumber, ...rest } = approval;
  return { ...rest, forAccount: accountNumber, accountNumber: APPROVALS_PK, sk };
};
const parseApproval = (item: Record<string, unknown>) => {
  const { forAccount, accountNumber: _pk, sk: _sk, ...rest } = item;
  return creditApprovalSchema.parse({ ...rest, accountNumber: forAccount });
};

/** The items of one money transaction, each with the label a refusal names. */
function transactItems(tx: MoneyTransaction): { items: TransactItem[]; labels: string[] } {
  const items: TransactItem[] = [];
  const labels: string[] = [];
  for (const { invoice, expectedVersion } of tx.invoices ?? []) {
    items.push(invoicePut(invoice, expectedVersion));
    labels.push(`invoice:${invoice.invoiceNumber}`);
  }
  if (tx.payment) {
    items.push({
      Put: {
        TableName: tableName('payments'),
        Item: tx.payment.payment,
        ...versionCondition('paymentId', tx.payment.expectedVersion),
      },
    });
    labels.push('payment');
  }
  if (tx.claim) {
    items.push({
      Put: {
        TableName: tableName('warrantyClaims'),
        Item: tx.claim.claim,
        ...versionCondition('claimId', tx.claim.expectedVersion),
      },
    });
    labels.push('claim');
  }
  if (tx.approval) {
    const { approval, expectedVersion } = tx.approval;
    const table = tableName('creditLedger');
    items.push({
      Put: {
        TableName: table,
        Item: approvalItem(approval, approvalSk(approval.entryId)),
        ...versionCondition('sk', expectedVersion),
      },
    });
    labels.push('approval');
    items.push(
      approval.status === 'pending'
        ? { Put: { TableName: table, Item: approvalItem(approval, queueSk(approval)) } }
        : { Delete: { TableName: table, Key: { accountNumber: APPROVALS_PK, sk: queueSk(approval) } } },
    );
    labels.push('approval');
  }
  for (const change of tx.credit ?? []) {
    const credit = creditChangeItems(change);
    items.push(...credit.items);
    labels.push(...credit.labels);
  }
  // Last, so the labels above keep their indexes: a refusal names the item at the index DynamoDB reports.
  for (const put of outboxPuts(tx.notices)) {
    items.push(put);
    labels.push('notice');
  }
  // DynamoDB's own refusal of a larger one is a bare ValidationException; this one says which limit it broke.
  if (items.length > TRANSACTION_ITEMS_LIMIT)
    throw new Error(`a money transaction of ${items.length} items is over DynamoDB's ${TRANSACTION_ITEMS_LIMIT}`);
  return { items, labels };
}

function refusalOf(error: unknown, labels: string[]): MoneyWriteRefused | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  const reasons = error.CancellationReasons ?? [];
  const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
  if (failed >= 0) return moneyRefusals.refuse('conflict', labels[failed]);
  return moneyRefusals.refuse('contention');
}

const parseInvoice = (item: Record<string, unknown>) => invoiceSchema.parse(item);
const invoiceKey =
  (...attributes: string[]) =>
  (item: Record<string, unknown>) =>
    Object.fromEntries(['invoiceNumber', ...attributes].map((a) => [a, String(item[a])]));

const OPEN_STATUSES = ['open', 'partially-paid'];
const CLOSED_STATUSES = ['paid', 'void'];

/** Cents a transaction adds to accounts' credit (its grant entries). */
const grantedCents = (tx: MoneyTransaction) =>
  (tx.credit ?? []).flatMap((c) => c.entries).reduce((sum, e) => sum + (e.kind === 'grant' ? e.amountCents : 0), 0);

// Named money, not invoices or payments: one transaction moves an invoice, a payment and credit together.
/**
 * DynamoDB adapter of the MoneyStore port: invoices, payments, creditLedger and warrantyClaims tables. Every
 * committed grant of credit, whichever use case made it, is counted in the credit metric (its daily sum has an
 * alarm: docs/decisions/0093-an-alarm-on-the-credit-granted-each-day.md).
 */
export function dynamoMoneyStore(options: { metrics?: CreditMetrics } = {}): MoneyStore {
  const metrics = options.metrics ?? emfCreditMetrics();
  const get = async (table: Parameters<typeof tableName>[0], key: Record<string, string>) =>
    (await documentClient().send(new GetCommand({ TableName: tableName(table), Key: key, ConsistentRead: true }))).Item;

  return {
    async commit(tx) {
      const { items, labels } = transactItems(tx);
      if (items.length === 0) return;
      try {
        await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      } catch (error) {
        throw refusalOf(error, labels) ?? error;
      }
      metrics.creditGranted(grantedCents(tx));
    },

    async getInvoice(invoiceNumber) {
      const item = await get('invoices', { invoiceNumber });
      return item ? invoiceSchema.parse(item) : null;
    },

    async getInvoices(invoiceNumbers) {
      const found = await Promise.all([...new Set(invoiceNumbers)].map((n) => this.getInvoice(n)));
      return found.filter((i): i is Invoice => i !== null);
    },

    listAccountInvoices({ accountNumber, tab, limit, cursor }) {
      const statuses = tab === 'open' ? OPEN_STATUSES : CLOSED_STATUSES;
      return queryPage({
        input: {
          TableName: tableName('invoices'),
          IndexName: 'byAccount',
          KeyConditionExpression: '#account = :account',
          FilterExpression: '#status IN (:s0, :s1)',
          ExpressionAttributeNames: { '#account': 'accountNumber', '#status': 'status' },
          ExpressionAttributeValues: { ':account': accountNumber, ':s0': statuses[0], ':s1': statuses[1] },
          ScanIndexForward: false,
        },
        parse: parseInvoice,
        keyOf: invoiceKey('accountNumber', 'issuedAt'),
        cursorSchema: pinnedCursorSchema(['invoiceNumber', 'accountNumber', 'issuedAt'], { accountNumber }),
        limit,
        cursor,
      });
    },

    listInvoices({ status, accountNumber, search, limit, cursor }) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const filters: string[] = [];
      let index: string;
      let key: string;
      let keyOf: (item: Record<string, unknown>) => Record<string, string>;
      let cursorSchema: z.ZodMiniType<Record<string, string>>;
      if (accountNumber) {
        index = 'byAccount';
        key = '#account = :account';
        names['#account'] = 'accountNumber';
        values[':account'] = accountNumber;
        keyOf = invoiceKey('accountNumber', 'issuedAt');
        cursorSchema = pinnedCursorSchema(['invoiceNumber', 'accountNumber', 'issuedAt'], { accountNumber });
        if (status) {
          names['#status'] = 'status';
          values[':status'] = status;
          filters.push('#status = :status');
        }
      } else if (status) {
        index = 'byStatus';
        key = '#status = :status';
        names['#status'] = 'status';
        values[':status'] = status;
        keyOf = invoiceKey('status', 'issuedAt');
        cursorSchema = pinnedCursorSchema(['invoiceNumber', 'status', 'issuedAt'], { status });
      } else {
        index = 'byIssued';
        key = '#ledger = :ledger';
        names['#ledger'] = 'ledger';
        values[':ledger'] = INVOICE_LEDGER;
        keyOf = invoiceKey('ledger', 'issuedAt');
        cursorSchema = pinnedCursorSchema(['invoiceNumber', 'ledger', 'issuedAt'], { ledger: INVOICE_LEDGER });
      }
      if (search) {
        names['#number'] = 'invoiceNumber';
        values[':search'] = search;
        filters.push('begins_with(#number, :search)');
      }
      return queryPage({
        input: {
          TableName: tableName('invoices'),
          IndexName: index,
          KeyConditionExpression: key,
          ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ScanIndexForward: false,
        },
        parse: parseInvoice,
        keyOf: (item) => ({ ...keyOf(item), ...(index === 'byIssued' ? { ledger: INVOICE_LEDGER } : {}) }),
        cursorSchema,
        limit,
        cursor,
      });
    },

    async getPayment(paymentId) {
      const item = await get('payments', { paymentId });
      return item ? paymentSchema.parse(item) : null;
    },

    async getCreditBalance(accountNumber): Promise<CreditBalance> {
      const item = await get('creditLedger', { accountNumber, sk: BALANCE_SK });
      if (!item) return { accountNumber, availableCents: 0, pendingCents: 0, version: 0, exists: false };
      return {
        accountNumber,
        availableCents: Number(item['availableCents'] ?? 0),
        pendingCents: Number(item['pendingCents'] ?? 0),
        version: Number(item['version'] ?? 0),
        exists: true,
      };
    },

    async getCreditEntry(accountNumber, entryId) {
      const item = await get('creditLedger', { accountNumber, sk: entryIdSk(entryId) });
      return item ? creditEntrySchema.parse(item) : null;
    },

    listCreditEntries(accountNumber, limit, cursor) {
      return queryPage({
        input: {
          TableName: tableName('creditLedger'),
          KeyConditionExpression: '#account = :account AND begins_with(#sk, :entry)',
          ExpressionAttributeNames: { '#account': 'accountNumber', '#sk': 'sk' },
          ExpressionAttributeValues: { ':account': accountNumber, ':entry': 'entry#' },
          ScanIndexForward: false,
          ConsistentRead: true,
        },
        parse: (item) => creditEntrySchema.parse(item),
        keyOf: (item) => ({ accountNumber: String(item['accountNumber']), sk: String(item['sk']) }),
        cursorSchema: pinnedCursorSchema(['accountNumber', 'sk'], {
          accountNumber,
          sk: z.string().check(z.startsWith('entry#'), z.maxLength(200)),
        }),
        limit,
        cursor,
      });
    },

    async getCreditApproval(entryId) {
      const item = await get('creditLedger', { accountNumber: APPROVALS_PK, sk: approvalSk(entryId) });
      return item ? parseApproval(item) : null;
    },

    listPendingCreditApprovals(limit, cursor) {
      return queryPage({
        input: {
          TableName: tableName('creditLedger'),
          KeyConditionExpression: '#account = :queue AND begins_with(#sk, :pending)',
          ExpressionAttributeNames: { '#account': 'accountNumber', '#sk': 'sk' },
          ExpressionAttributeValues: { ':queue': APPROVALS_PK, ':pending': 'pending#' },
          ScanIndexForward: true,
          ConsistentRead: true,
        },
        parse: parseApproval,
        keyOf: (item) => ({ accountNumber: String(item['accountNumber']), sk: String(item['sk']) }),
        cursorSchema: pinnedCursorSchema(['accountNumber', 'sk'], {
          accountNumber: APPROVALS_PK,
          sk: z.string().check(z.startsWith('pending#'), z.maxLength(200)),
        }),
        limit,
        cursor,
      });
    },

    async getClaim(claimId) {
      const item = await get('warrantyClaims', { claimId });
      return item ? warrantyClaimSchema.parse(item) : null;
    },

    async listAccountClaims(accountNumber, limit) {
      const page = await queryPage({
        input: {
          TableName: tableName('warrantyClaims'),
          IndexName: 'byAccount',
          KeyConditionExpression: '#account = :account',
          ExpressionAttributeNames: { '#account': 'accountNumber' },
          ExpressionAttributeValues: { ':account': accountNumber },
          ScanIndexForward: false,
        },
        parse: (item) => warrantyClaimSchema.parse(item),
        keyOf: (item) => ({
          claimId: String(item['claimId']),
          accountNumber: String(item['accountNumber']),
          createdAt: String(item['createdAt']),
        }),
        limit,
      });
      return page.items;
    },

    listClaimsByStatus(status, limit, cursor) {
      return queryPage({
        input: {
          TableName: tableName('warrantyClaims'),
          IndexName: 'byStatus',
          KeyConditionExpression: '#status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status },
          ScanIndexForward: true,
        },
        parse: (item) => warrantyClaimSchema.parse(item),
        keyOf: (item) => ({
          claimId: String(item['claimId']),
          status: String(item['status']),
          createdAt: String(item['createdAt']),
        }),
        cursorSchema: pinnedCursorSchema(['claimId', 'status', 'createdAt'], { status }),
        limit,
        cursor,
      });
    },
  };
}
