import { lazySchema } from '../../core/schemas/lazy-schema';
import { PutCommand, QueryCommand, type QueryCommandInput } from './aws/dynamo-document-client';
import * as z from '../../core/zod';
import { auditEventOfItem, createAuditChain, derivedAttributes } from '../audit/audit-chain';
import { decodeCursor, encodeCursor } from '../paging/page-cursor';
import type { AuditLog, AuditLogReader, AuditQuery } from '../ports/audit-log';
import { documentClient, tableName } from './dynamo-client';

/**
 * The audit log in DynamoDB (core/data/tables.ts `auditLog`): pk the UTC day, sk `{at}#{eventId}`; the
 * indexes `byActor` (actorEmail), `byAccount` and `byAction` share that sk, so every filter is a Query in time
 * order. Attributes absent from an entry (no account, an anonymous caller) are left out, which also keeps the
 * entry out of that index (GSI keys cannot be null). Each entry carries its link in this writer's hash chain
 * of the day (`chain`, lambdas/audit/audit-chain.ts) and its expiry (`expiresAt`, the table's TTL: six years).
 */
export function dynamoAuditLog(): AuditLog & AuditLogReader {
  const chain = createAuditChain();
  return {
    async append(event, signal) {
      // Linked before the first await: concurrent appends of one process take their places in call order.
      const link = chain.link(event);
      await documentClient().send(
        new PutCommand({
          TableName: tableName('auditLog'),
          Item: { ...event, ...derivedAttributes(event), chain: link },
          // Append-only: an entry is written once and never replaced, even by a retried put of the same id.
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
        signal ? { abortSignal: signal } : {},
      );
    },

    async list(query) {
      const plan = planOf(query);
      const start = query.cursor ? decodeCursor(query.cursor, cursorSchema) : { p: 0 };
      let partition = Math.min(start.p, plan.partitions.length);
      let startKey: Record<string, string> | undefined = start.k;
      const items: Record<string, unknown>[] = [];
      for (let reads = 0; reads < MAX_READS && partition < plan.partitions.length && items.length < query.limit;) {
        reads++;
        const want = query.limit - items.length;
        const out = await documentClient().send(
          new QueryCommand(queryInput(plan, plan.partitions[partition]!, startKey, plan.filter ? READ_BATCH : want)),
        );
        const found = (out.Items ?? []) as Record<string, unknown>[];
        if (found.length > want) {
          // A filtered read found more than the page needs: stop after the last entry answered.
          items.push(...found.slice(0, want));
          startKey = keyOf(found[want - 1]!, plan);
          break;
        }
        items.push(...found);
        if (out.LastEvaluatedKey) startKey = out.LastEvaluatedKey as Record<string, string>;
        else {
          partition++;
          startKey = undefined;
        }
      }
      const more = partition < plan.partitions.length;
      return {
        items: items.map(auditEventOfItem),
        nextCursor: more ? encodeCursor({ p: partition, ...(startKey ? { k: startKey } : {}) }) : null,
      };
    },
  };
}

/** Queries one page may make: an unfiltered year is 366 day partitions, read over several pages. */
const MAX_READS = 40;
/** Items a filtered Query evaluates per call (the filter then keeps the matching ones). */
const READ_BATCH = 200;
const cursorSchema = lazySchema(() =>
  z.strictObject({
    p: z.number().check(z.int(), z.gte(0), z.lte(1000)),
    k: z.optional(z.record(z.string().check(z.maxLength(32)), z.string().check(z.maxLength(400)))),
  }),
);

interface Plan {
  indexName?: string;
  /** The partition key attribute queried (`day` on the table). */
  keyName: string;
  /** The partitions read in order: newest day first, or the one index value. */
  partitions: string[];
  /** sk bounds: the first and the last UTC day, inclusive. */
  from: string;
  to: string;
  filter?: { expression: string; names: Record<string, string>; values: Record<string, string> };
}

/**
 * The most selective filter picks the index (who acted, then practice, then action); the others filter the
 * Query. Without any, the day partitions from `to` back to `from` are read in turn.
 */
function planOf(query: AuditQuery): Plan {
  const filters: [string, string | undefined][] = [
    ['actorEmail', query.actorEmail],
    ['accountNumber', query.accountNumber],
    ['action', query.action],
  ];
  const given = filters.filter((f): f is [string, string] => !!f[1]);
  const range = { from: query.from, to: query.to };
  if (given.length === 0) return { keyName: 'day', partitions: daysDown(query.from, query.to), ...range };
  const [[keyName, value], ...rest] = given as [[string, string], ...[string, string][]];
  const indexName = { actorEmail: 'byActor', accountNumber: 'byAccount', action: 'byAction' }[keyName];
  return {
    indexName,
    keyName,
    partitions: [value],
    ...range,
    ...(rest.length
      ? {
          filter: {
            expression: rest.map((_, i) => `#f${i} = :f${i}`).join(' AND '),
            names: Object.fromEntries(rest.map(([name], i) => [`#f${i}`, name])),
            values: Object.fromEntries(rest.map(([, v], i) => [`:f${i}`, v])),
          },
        }
      : {}),
  };
}

function queryInput(plan: Plan, partition: string, startKey: Record<string, string> | undefined, limit: number) {
  const input: QueryCommandInput = {
    TableName: tableName('auditLog'),
    ...(plan.indexName ? { IndexName: plan.indexName } : {}),
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
    ExpressionAttributeNames: { '#pk': plan.keyName, '#sk': 'sk', ...plan.filter?.names },
    // sk starts with the ISO time: every time of the day `to` sorts below `{to}~`.
    ExpressionAttributeValues: { ':pk': partition, ':lo': plan.from, ':hi': `${plan.to}~`, ...plan.filter?.values },
    ...(plan.filter ? { FilterExpression: plan.filter.expression } : {}),
    ScanIndexForward: false,
    Limit: limit,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  };
  return input;
}

/** The key DynamoDB resumes after: the table's keys plus the index's partition key. */
function keyOf(item: Record<string, unknown>, plan: Plan): Record<string, string> {
  const names = ['day', 'sk', ...(plan.indexName ? [plan.keyName] : [])];
  return Object.fromEntries(names.map((n) => [n, String(item[n])]));
}

/** UTC days from `to` down to `from`, both included. */
function daysDown(from: string, to: string): string[] {
  const days: string[] = [];
  const first = Date.parse(`${from}T00:00:00Z`);
  for (let t = Date.parse(`${to}T00:00:00Z`); t >= first; t -= 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
