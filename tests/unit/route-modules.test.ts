import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineRoutes, kebabCase } from '../../core/define-routes';
import type { RouteDefinition } from '../../core/route-definition';
import { ROUTE_LIST, ROUTES } from '../../core/routes';
import { emptyInputSchema } from '../../core/schemas/common';

const ROUTE_MODULE_DIR = 'core/routes';
const NOT_A_ROUTE_MODULE = new Set(['access-groups.ts']);

/** Every `core/routes/{folder}.ts` with the routes it exports. */
async function routeModules(): Promise<{ folder: string; routes: RouteDefinition[] }[]> {
  const files = readdirSync(ROUTE_MODULE_DIR).filter((f) => f.endsWith('.ts') && !NOT_A_ROUTE_MODULE.has(f));
  return Promise.all(
    files.map(async (file) => {
      const url = pathToFileURL(resolve(ROUTE_MODULE_DIR, file)).href;
      const module = (await import(/* @vite-ignore */ url)) as Record<string, Record<string, RouteDefinition>>;
      return {
        folder: file.replace(/\.ts$/, ''),
        routes: Object.values(module).flatMap((group) => Object.values(group)),
      };
    }),
  );
}

describe('route table: entries derive their name and handler', () => {
  it("every route's name is its key in the table", () => {
    for (const [key, route] of Object.entries(ROUTES)) expect(route.name).toBe(key);
  });

  it("every route's handler file exists, named after the route in its folder", () => {
    for (const route of ROUTE_LIST) {
      expect(existsSync(`lambdas/handlers/${route.handler}.ts`), route.handler).toBe(true);
      expect(route.handler.split('/')[1], route.name).toBe(kebabCase(route.name));
    }
  });

  it("each handler folder's module holds exactly that folder's routes, and the table holds every module's", async () => {
    const modules = await routeModules();
    for (const { folder, routes } of modules) {
      for (const route of routes) expect(route.handler.startsWith(`${folder}/`), route.name).toBe(true);
    }
    // A name defined in two modules would silently drop one route from the aggregate.
    const all = modules.flatMap((m) => m.routes.map((r) => r.name));
    expect(all.toSorted()).toEqual(ROUTE_LIST.map((r) => r.name).toSorted());
  });

  it('a route may name another handler module; otherwise it gets {folder}/{kebab-cased key}', () => {
    const routes = defineRoutes('orders', {
      getOrderTotals: { input: emptyInputSchema, output: emptyInputSchema, access: ['admin'], resources: {} },
      legacyName: {
        input: emptyInputSchema,
        output: emptyInputSchema,
        access: ['admin'],
        handler: 'orders/get-order',
        resources: {},
      },
    });
    expect(routes.getOrderTotals).toMatchObject({ name: 'getOrderTotals', handler: 'orders/get-order-totals' });
    expect(routes.legacyName).toMatchObject({ name: 'legacyName', handler: 'orders/get-order' });
  });
});

describe('route table: the customer API flag', () => {
  it("marks exactly the old portal's separate customer API calls (spec 7), all of which exist", () => {
    const flagged = ROUTE_LIST.filter((r) => r.customerApi).map((r) => r.name);
    expect(flagged.toSorted()).toEqual(
      ['getCustomerInfo', 'getInvoice', 'listBuyingGroups', 'sendEmail', 'submitAccountRequest'].toSorted(),
    );
  });
});
