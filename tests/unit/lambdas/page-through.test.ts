import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../lambdas/paging/page-cursor';
import { pageThrough, tokenCursorSchema } from '../../../lambdas/paging/page-through';

/** A source that answers `perAnswer` items per token (more than asked for, like cognito-local, or fewer). */
function source(items: number[], perAnswer: number) {
  return async (token: string | undefined) => {
    const start = token ? Number(token) : 0;
    const end = start + perAnswer;
    return { items: items.slice(start, end), nextToken: end < items.length ? String(end) : null };
  };
}

async function all(fetch: ReturnType<typeof source>, limit: number) {
  const seen: number[] = [];
  let position: { t?: string; o: number } | null = { o: 0 };
  while (position) {
    const page: Awaited<ReturnType<typeof pageThrough<number>>> = await pageThrough(fetch, position, limit);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    position = page.next;
  }
  return seen;
}

describe('paging through a token source', () => {
  const items = Array.from({ length: 23 }, (_, i) => i);
  it.each([
    [5, 100],
    [5, 5],
    [5, 3],
    [7, 60],
  ])('limit %i over answers of %i: every item once, in order', async (limit, perAnswer) => {
    expect(await all(source(items, perAnswer), limit)).toEqual(items);
  });

  it('cursors round-trip and refuse anything not made by the server', () => {
    const cursor = encodeCursor({ t: 'abc', o: 5 });
    expect(decodeCursor(cursor, tokenCursorSchema)).toEqual({ t: 'abc', o: 5 });
    for (const bad of ['', '!!', encodeCursor([1]), encodeCursor({ o: 'x' }), encodeCursor({ o: 1, evil: true })]) {
      expect(() => decodeCursor(bad, tokenCursorSchema)).toThrow('Not a valid page cursor');
    }
  });
});
