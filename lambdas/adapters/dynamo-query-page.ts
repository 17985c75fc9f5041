import { lazySchema } from '../../core/schemas/lazy-schema';
import { QueryCommand, type QueryCommandInput } from './aws/dynamo-document-client';
import * as z from '../../core/zod';
import { decodeCursor, encodeCursor } from '../paging/page-cursor';
import { documentClient } from './dynamo-client';

/**
 * A filtered Query may read many items to fill one page (a search over a busy status). It reads at most
 * this many per call, then answers what it found with a cursor to go on: a call's cost stays bounded.
 */
const MAX_EVALUATED = 2000;
const FILTERED_BATCH = 250;

/** Cursors are the index keys of the last item answered: strings only, bounded. */
export const keyCursorSchema = lazySchema(() =>
  z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(200))),
);

/**
 * The cursor of one list: exactly the index key attributes `keys`, with the list's own partition values
 * `pinned`. A cursor of another list (another practice, another status) is then a 400 here, never a start
 * key DynamoDB refuses with a 500.
 */
export function pinnedCursorSchema(
  keys: readonly string[],
  pinned: Record<string, string | z.ZodMiniType<string>>,
): z.ZodMiniType<Record<string, string>> {
  const shape = Object.fromEntries(
    keys.map((key) => {
      const value = pinned[key];
      return [
        key,
        value === undefined ? z.string().check(z.maxLength(200)) : typeof value === 'string' ? z.literal(value) : value,
      ];
    }),
  );
  return z.strictObject(shape) as unknown as z.ZodMiniType<Record<string, string>>;
}

export interface QueryPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PagedQuery<T> {
  input: QueryCommandInput;
  parse: (item: Record<string, unknown>) => T;
  keyOf: (item: Record<string, unknown>) => Record<string, unknown>;
  limit: number;
  cursor?: string | undefined;
  /** Where to go on when the caller decoded and checked the cursor itself (in place of `cursor`). */
  start?: Record<string, unknown> | undefined;
  /**
   * What a cursor coming back must be. A list of one partition passes a schema that pins the partition, so a
   * cursor from another practice's list is a 400, never a start key DynamoDB refuses.
   */
  cursorSchema?: z.ZodMiniType<Record<string, string>>;
}

/** One page of a (possibly filtered) Query; the cursor is the index key of the last item answered. */
export async function queryPage<T>({
  input,
  parse,
  keyOf,
  limit,
  cursor,
  start: from,
  cursorSchema = keyCursorSchema,
}: PagedQuery<T>): Promise<QueryPage<T>> {
  const filtered = Boolean(input.FilterExpression);
  const items: T[] = [];
  let evaluated = 0;
  let start: Record<string, unknown> | undefined = from ?? (cursor ? decodeCursor(cursor, cursorSchema) : undefined);
  for (;;) {
    const answer = await documentClient().send(
      new QueryCommand({
        ...input,
        Limit: filtered ? FILTERED_BATCH : limit + 1 - items.length,
        ExclusiveStartKey: start,
      }),
    );
    const found = answer.Items ?? [];
    evaluated += answer.ScannedCount ?? found.length;
    for (let i = 0; i < found.length; i++) {
      items.push(parse(found[i]!));
      if (items.length === limit && (i < found.length - 1 || answer.LastEvaluatedKey))
        return { items, nextCursor: encodeCursor(keyOf(found[i]!)) };
    }
    start = answer.LastEvaluatedKey;
    if (!start) return { items, nextCursor: null };
    if (evaluated >= MAX_EVALUATED) return { items, nextCursor: encodeCursor(start) };
  }
}
