import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GROUPS } from '../../core/constants';
import { ROUTE_LIST, ROUTES } from '../../core/routes';

describe('route table', () => {
  it('names every route after its key, once', () => {
    for (const [key, route] of Object.entries(ROUTES)) expect(route.name).toBe(key);
    expect(new Set(ROUTE_LIST.map((r) => r.name)).size).toBe(ROUTE_LIST.length);
  });

  it('denies by default: a route is public only if it is on this reviewed list', () => {
    const publicRoutes = ROUTE_LIST.filter((r) => r.access === 'public').map((r) => r.name);
    expect(publicRoutes.sort()).toEqual(['checkEmailExists', 'signUp']);
  });

  it('every non-public route names at least one known group', () => {
    for (const route of ROUTE_LIST) {
      if (route.access === 'public') continue;
      expect(route.access.length, route.name).toBeGreaterThan(0);
      for (const group of route.access) expect(GROUPS).toContain(group);
    }
  });

  it('every route has a handler module that exists', () => {
    for (const route of ROUTE_LIST)
      expect(existsSync(`lambdas/handlers/${route.handler}.ts`), route.handler).toBe(true);
  });
});
