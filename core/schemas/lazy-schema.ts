/**
 * A schema built on first use instead of at import.
 *
 * Building a zod schema costs about 20 µs per node, and the shared schema modules hold well over a thousand
 * nodes: a Lambda that imports one route's module paid ~25 ms at every cold start building schemas that other
 * routes use, and the browser paid the same on the main thread. Every module-level schema in core/ is declared
 * through this wrapper, so an import costs nothing and each schema is built, once, when something first reads
 * it (parses with it, extends it, nests it in a schema that parses). docs/decisions/0073-lambda-bundles.md.
 *
 * The wrapper is a Proxy that forwards every operation to the built schema, so callers, `instanceof`, `in`
 * and the form resolver see a zod schema; only its identity differs from the built one, and nothing keys
 * state on a schema's identity here (no registries, no `.meta()`). It also wraps a shape object meant for
 * spreading into `z.object`. Not for arrays or functions: `Array.isArray` and `typeof` see the empty target.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // Reported configurable: a proxy may not claim a non-configurable property its own (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
