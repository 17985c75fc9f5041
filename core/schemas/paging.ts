import { lazySchema } from './lazy-schema';
import * as z from '../zod';

/**
 * Admin lists are paged with an opaque cursor (the server's "where to go on" key), not page numbers:
 * DynamoDB and Cognito both page that way, so a page costs the same however deep it is.
 */
export const pageCursorSchema = lazySchema(() =>
  z
    .string()
    .check(z.maxLength(4096, 'Not a valid page cursor'), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a valid page cursor')),
);

/** `limit` between 1 and `max`, `defaultLimit` when left out. */
export const pageLimitSchema = (max: number, defaultLimit: number) =>
  z._default(z.number().check(z.int(), z.gte(1), z.lte(max)), defaultLimit);

/** A page of items; `nextCursor` is null on the last page. A page may hold fewer than `limit` items. */
export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
}
