import * as z from '../../core/zod';
import { invalidArgument } from '../../core/errors';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../../lambdas/paging/page-cursor';

const offsetCursorSchema = z.strictObject({ partition: z.string(), offset: z.number().check(z.int(), z.gte(0)) });

/**
 * One page of an in-memory list. The offset cursor is pinned to its partition (the index partition the
 * adapter's key cursor belongs to), so a fake refuses a cursor from another list, or one it did not make, as
 * invalid input exactly where the adapter does (tests/support/contracts/ hold the cases).
 */
export function offsetPage<T>(
  partition: string,
  sorted: T[],
  limit: number,
  cursor: string | undefined,
): { items: T[]; nextCursor: string | null } {
  const decoded = cursor ? decodeCursor(cursor, offsetCursorSchema) : { partition, offset: 0 };
  if (decoded.partition !== partition) throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
  const start = decoded.offset;
  const items = structuredClone(sorted.slice(start, start + limit));
  const more = start + limit < sorted.length;
  return { items, nextCursor: more ? encodeCursor({ partition, offset: start + limit }) : null };
}
