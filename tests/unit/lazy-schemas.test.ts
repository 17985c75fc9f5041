import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import * as z from '../../core/zod';
import { lazySchema } from '../../core/schemas/lazy-schema';
import { REPO_ROOT } from '../../infra/repo-paths';

const originalDefineProperty = Object.defineProperty;

/** Counts zod schema nodes built from here on: zod gives every node its `_zod` internals this way. */
function countBuiltSchemas(): () => number {
  let built = 0;
  Object.defineProperty = function (target: object, key: PropertyKey, descriptor: PropertyDescriptor) {
    if (key === '_zod') built += 1;
    return originalDefineProperty(target, key, descriptor);
  } as typeof Object.defineProperty;
  return () => built;
}

afterEach(() => {
  Object.defineProperty = originalDefineProperty;
});

describe('shared schemas are built on first use, not at import (Lambda start-up)', () => {
  test('importing the whole route table and every schema module builds almost no schema', async () => {
    // Unit files share one module cache (isolate: false): another file may have built these schemas already.
    vi.resetModules();
    const built = countBuiltSchemas();
    const { ROUTE_LIST } = await import('../../core/routes');
    // Domain folders (core/schemas/consults/, customers/) included: every module, not only their indexes.
    for (const file of readdirSync(join(REPO_ROOT, 'core', 'schemas'), { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.ts')) await import(join(REPO_ROOT, 'core', 'schemas', file));
    }
    // Only the outputs written inline in a route entry are built eagerly (5 nodes); before, an import built 2,903.
    expect(built()).toBeLessThanOrEqual(5);

    for (const route of ROUTE_LIST) {
      route.input.safeParse({});
      route.output.safeParse({});
    }
    expect(built()).toBeGreaterThan(1000);
  });

  test('a lazy schema is built once, on the first read, and then parses as the schema it wraps', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.strictObject({ name: z.string().check(z.minLength(1, 'Name is required')) });
    });
    expect(builds).toBe(0);

    expect(schema.parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(schema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Name is required');
    expect(schema.safeParse({ name: 'Ada', extra: 1 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  test('a lazy schema passes for a zod schema: instanceof, `in`, its shape, and composition', () => {
    const address = lazySchema(() => z.object({ city: z.string() }));
    const fields = lazySchema(() => ({ zip: z.string().check(z.length(5)) }));
    const order = lazySchema(() => z.object({ address: z.optional(address), ...fields }));

    expect(address).toBeInstanceOf(z.ZodMiniObject);
    expect('_zod' in address).toBe(true);
    expect(Object.keys(order.shape)).toEqual(['address', 'zip']);
    expect(z.extend(order, { note: z.string() }).parse({ zip: '12345', note: 'n' })).toEqual({
      zip: '12345',
      note: 'n',
    });
    expect(order.safeParse({ address: { city: 1 }, zip: '12345' }).error?.issues[0]?.path).toEqual(['address', 'city']);
    expect(Object.getPrototypeOf(address)).toBe(Object.getPrototypeOf(z.object({})));
  });
});
