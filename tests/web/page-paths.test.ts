import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, pagePath, pagePaths, type PageKey } from '../../core/page-paths';
import { ADMIN_MENU, CUSTOMER_MENU, SUPER_ADMIN_MENU } from '../../web/src/app/navigation';
import { PORTAL_ROUTES } from '../../web/src/app/route-table';
import { routes } from '../../web/src/app/router';

/** The route of the table a URL lands on, by its path pattern ('*' when only the catch-all matches). */
function landsOn(url: string): string | undefined {
  const matches = matchRoutes(routes as RouteObject[], url.split('?')[0]!) ?? [];
  const leaf = matches[matches.length - 1]?.route;
  return Object.values(PORTAL_ROUTES).find((route) => route.path === leaf?.path || `/${route.path}` === leaf?.path)
    ?.path;
}

describe('page paths: one table the router, the menus and every link agree on', () => {
  it('the route table mounts every page path under the same key', () => {
    for (const [key, path] of Object.entries(PAGE_PATHS)) expect(PORTAL_ROUTES[key as PageKey].path).toBe(path);
  });

  it('every path a menu links to is a page the router serves (not the catch-all)', () => {
    for (const item of [...CUSTOMER_MENU, ...ADMIN_MENU, ...SUPER_ADMIN_MENU]) {
      expect(landsOn(item.path), item.label).toBe(item.path);
    }
    // What a link to a page the table does not have gets instead.
    expect(landsOn('/customer/no-such-page')).toBe(PAGE_PATHS.notFound);
  });

  it('every link builder leads to the page it names', () => {
    expect(landsOn(pagePaths.order('ord-1'))).toBe(PAGE_PATHS.customerOrderDetail);
    expect(landsOn(pagePaths.orderForm({ from: 'ord-1', kind: 'warranty' }))).toBe(PAGE_PATHS.customerOrder);
    expect(landsOn(pagePaths.consult('c-1'))).toBe(PAGE_PATHS.customerConsultDetail);
    expect(landsOn(pagePaths.labOrder('ord-1'))).toBe(PAGE_PATHS.orderApprovalDetail);
    expect(landsOn(pagePaths.labConsult('c-1'))).toBe(PAGE_PATHS.adminConsultDetail);
    expect(landsOn(pagePaths.payment({ account: 'BV-1001' }))).toBe(PAGE_PATHS.customerPayment);
    expect(landsOn(pagePaths.login({ reset: 1, email: 'a@b.test' }))).toBe(PAGE_PATHS.login);
    expect(landsOn(pagePaths.verifyEmail('a@b.test'))).toBe(PAGE_PATHS.verifyEmail);
    expect(landsOn(pagePaths.forgotPassword())).toBe(PAGE_PATHS.forgotPassword);
    expect(landsOn(pagePaths.resetPassword('a@b.test'))).toBe(PAGE_PATHS.resetPassword);
  });

  it('parameters and query values are encoded, and absent query values are left out', () => {
    expect(pagePaths.order('a/b c')).toBe('/customer/orders/a%2Fb%20c');
    expect(pagePaths.verifyEmail('fitter+1@brightview.test')).toBe(
      '/auth/verify-email?email=fitter%2B1%40brightview.test',
    );
    expect(pagePaths.orderForm({ from: 'o1', kind: 'reorder' })).toBe('/customer/order?from=o1&kind=reorder');
    expect(pagePaths.forgotPassword(undefined)).toBe('/auth/forgot-password');
    expect(pagePaths.orderForm()).toBe('/customer/order');
  });

  it('a path with a parameter cannot be built without it', () => {
    expect(() => pagePath('customerOrderDetail')).toThrow(/orderId/);
  });
});
