import { lazySchema } from '../../core/schemas/lazy-schema';
import * as z from '../../core/zod';
import { decodeCursor, encodeCursor } from './page-cursor';

/**
 * Pages through a source that answers `{ items, nextToken }` per token, taking `limit` items at a time,
 * even when the source answers more than asked for (cognito-local ignores Limit): the cursor keeps the
 * source's token and how far into that answer the last page got.
 */
export const tokenCursorSchema = lazySchema(() =>
  z.strictObject({
    /** The source's page token (absent: its first page). */
    t: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
    /** Items of that answer already shown. */
    o: z.number().check(z.int(), z.gte(0), z.lte(100_000)),
  }),
);
export type TokenCursor = z.infer<typeof tokenCursorSchema>;

export interface TokenPage<T> {
  items: T[];
  nextToken: string | null;
}

export async function pageThrough<T>(
  fetchPage: (token: string | undefined) => Promise<TokenPage<T>>,
  position: TokenCursor,
  limit: number,
): Promise<{ items: T[]; next: TokenCursor | null }> {
  const answer = await fetchPage(position.t);
  const end = position.o + limit;
  const items = answer.items.slice(position.o, end);
  if (answer.items.length > end) return { items, next: { ...(position.t ? { t: position.t } : {}), o: end } };
  return { items, next: answer.nextToken ? { t: answer.nextToken, o: 0 } : null };
}

export const decodeTokenCursor = (cursor: string | undefined): TokenCursor =>
  cursor ? decodeCursor(cursor, tokenCursorSchema) : { o: 0 };
export const encodeTokenCursor = (cursor: TokenCursor | null): string | null => (cursor ? encodeCursor(cursor) : null);
