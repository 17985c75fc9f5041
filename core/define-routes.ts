import type * as z from './zod';
import { functionResourcesOf } from './function-resources';
import type { RouteDefinition } from './route-definition';

/**
 * A route-table entry as written in its handler folder's module (core/routes/): its name is its key and its
 * handler `{folder}/{kebab-cased key}` (lambdas/handlers/orders/get-order.ts for `getOrder`), unless it names
 * another handler module.
 */
export type RouteEntry<I extends z.core.$ZodType = z.core.$ZodType, O extends z.core.$ZodType = z.core.$ZodType> = Omit<
  RouteDefinition<I, O>,
  'name' | 'handler'
> & { handler?: string };

export type DefinedRoutes<T extends Record<string, RouteEntry>> = {
  readonly [K in keyof T & string]: RouteDefinition<T[K]['input'], T[K]['output']>;
};

/** `getOrder` -> `get-order`: a handler module's file name from its route's name. */
export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A route as the table holds it. Here rather than in route-definition.ts, which function-resources.ts reads
 * for its types: the two would import each other.
 */
export function defineRoute<I extends z.core.$ZodType, O extends z.core.$ZodType>(
  declared: RouteDefinition<I, O>,
): RouteDefinition<I, O> {
  // What the route may touch in full, its implicit resources included: the wrapper, the grants and the
  // environment all read this one set.
  return { ...declared, resources: functionResourcesOf(declared) };
}

/** The routes of one handler folder (`lambdas/handlers/{folder}/`), each finished by `defineRoute`. */
export function defineRoutes<T extends Record<string, RouteEntry>>(folder: string, entries: T): DefinedRoutes<T> {
  return Object.fromEntries(
    Object.entries(entries).map(([name, entry]) => [
      name,
      defineRoute({ ...entry, name, handler: entry.handler ?? `${folder}/${kebabCase(name)}` }),
    ]),
  ) as DefinedRoutes<T>;
}
