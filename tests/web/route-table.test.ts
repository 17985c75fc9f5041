import { describe, expect, it } from 'vitest';
import { ROLES } from '../../core/rules/auth-status';
import { requiredRolesFor } from '../../core/rules/route-guard';
import { isPublicRoute } from '../../core/rules/public-routes';
import type { PracticeRole } from '../../core/rules/practice-roles';
import { ADMIN_MENU, CUSTOMER_MENU, menuFor, SUPER_ADMIN_MENU } from '../../web/src/app/navigation';
import { errorTitle, handleOf, PORTAL_ROUTES } from '../../web/src/app/route-table';
import { routes } from '../../web/src/app/router';
import type { RouteObject } from 'react-router-dom';

/** Every path the router knows, joined with its parents'. */
function allPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    return [...(route.path ? [own] : []), ...allPaths(route.children ?? [], own)];
  });
}

describe('spec 2 route table', () => {
  const paths = allPaths(routes);

  it.each([
    ['/auth/login', 'Authentication'],
    ['/auth/sign-up', 'Authentication'],
    ['/auth/verify-email', 'Authentication'],
    ['/auth/forgot-password', 'Authentication'],
    ['/auth/reset-password', 'Authentication'],
    ['/auth/request', 'Authentication'],
    ['/ampleye-virtual-consultant', 'Ampleye Virtual Consultant'],
    ['/ampleye-virtual-consultant/troubleshooter', 'Ampleye Virtual Consultant'],
    ['/ampleye-virtual-consultant/ask', 'Ampleye Virtual Consultant'],
    ['/settings', 'Settings'],
    ['/notifications', 'Notifications'],
    ['/terms', 'Terms and Conditions'],
    ['/customer/home', 'Dashboard'],
    ['/customer/order', 'Order Form'],
    ['/customer/payment', 'Pay Online'],
    ['/customer/credit', 'Lens Credit'],
    ['/customer/profile', 'Profile'],
    ['/customer/consults', 'Consults'],
    ['/customer/consults/new', 'Ask a Consultant'],
    ['/customer/consults/:consultId', 'Consult'],
    ['/admin/home', 'Dashboard'],
    ['/admin/order-approval', 'Order Approval'],
    ['/admin/invoices', 'Invoices'],
    ['/admin/statements', 'Statements'],
    ['/admin/warranty-claims', 'Warranty Claims'],
    ['/admin/consults', 'Consults'],
    ['/admin/consults/:consultId', 'Consult'],
    ['/admin/user-management', 'User Management'],
    ['/admin/customer-management', 'Customer Management'],
    ['/admin/lens-management', 'Lens Management'],
    ['/admin/email-management', 'Email Management'],
    ['/admin/consultant-settings', 'Consultant Settings'],
    ['/admin/production-settings', 'Production Settings'],
    ['/admin/webhooks', 'Webhooks'],
    ['/admin/audit', 'Audit'],
    ['/admin/integrations', 'Machine Clients'],
    ['/error/*', 'Error'],
  ])('%s is routed with the title %s', (path, title) => {
    expect(paths).toContain(path);
    expect(Object.values(PORTAL_ROUTES).find((r) => r.path === path)?.title).toBe(title);
  });

  it("any other path is the error page titled 'Not Found'", () => {
    expect(paths).toContain('/*');
    expect(PORTAL_ROUTES.notFound.title).toBe('Not Found');
    expect(errorTitle('not-found')).toBe('Not Found');
  });

  it('public routes are exactly the spec 2 "Public routes"; every other route is guarded', () => {
    for (const route of Object.values(PORTAL_ROUTES)) {
      if (route.path === '*') continue;
      expect(route.guarded, route.path).toBe(!isPublicRoute(route.path.replace('/*', '/x')));
    }
  });

  it("a guarded page's roles come from the core role table, and no public page requires one (spec 4 requiredRole lists)", () => {
    for (const route of Object.values(PORTAL_ROUTES)) {
      if (route.path === '*') continue;
      const handle = handleOf(route);
      if (route.guarded) expect(handle.requiredRoles ?? null, route.path).toEqual(requiredRolesFor(route.path));
      else expect(handle.requiredRoles, route.path).toBeUndefined();
    }
  });

  it('/settings is open to super administrators, administrators and customers', () => {
    expect(handleOf(PORTAL_ROUTES.settings).requiredRoles).toEqual(
      expect.arrayContaining([ROLES.SUPERADMIN, ROLES.ADMIN, ROLES.CUSTOMER]),
    );
  });

  it('the notification inbox is open to practices and the lab alike', () => {
    expect(handleOf(PORTAL_ROUTES.notifications).requiredRoles).toEqual(
      expect.arrayContaining([ROLES.SUPERADMIN, ROLES.ADMIN, ROLES.CUSTOMER]),
    );
  });
});

describe('spec 2 and 6 menus', () => {
  it('customers see the customer menu only', () => {
    expect(menuFor(ROLES.CUSTOMER).map((i) => i.label)).toEqual([
      'Dashboard',
      'Order Form',
      'Pay Online',
      'Lens Credit',
      'Consults',
      'Profile',
    ]);
  });

  it('a practice user sees the pages their roles in the practice in view allow', () => {
    const labels = (roles: PracticeRole[]) => menuFor(ROLES.CUSTOMER, roles).map((i) => i.label);
    expect(labels(['staff'])).toEqual(['Dashboard', 'Order Form', 'Consults', 'Profile']);
    expect(labels(['billing'])).toEqual(['Dashboard', 'Pay Online', 'Lens Credit', 'Profile']);
    expect(labels(['practiceAdmin'])).toEqual(['Dashboard', 'Pay Online', 'Lens Credit', 'People', 'Profile']);
    expect(labels(['practiceAdmin', 'doctor'])).toEqual([
      'Dashboard',
      'Order Form',
      'Pay Online',
      'Lens Credit',
      'Consults',
      'People',
      'Profile',
    ]);
  });

  it('admins see Dashboard, Order Approval, Invoices, Statements, Warranty Claims and Consults', () => {
    expect(menuFor(ROLES.ADMIN)).toEqual(ADMIN_MENU);
    expect(ADMIN_MENU.map((i) => i.path)).toEqual([
      '/admin/home',
      '/admin/order-approval',
      '/admin/invoices',
      '/admin/statements',
      '/admin/warranty-claims',
      '/admin/consults',
    ]);
  });

  it('super admins also see User, Customer, Lens and Email Management, Consultant and Production Settings, Machine Clients, Webhooks and Audit', () => {
    expect(menuFor(ROLES.SUPERADMIN).map((i) => i.label)).toEqual([
      'Dashboard',
      'Order Approval',
      'Invoices',
      'Statements',
      'Warranty Claims',
      'Consults',
      'User Management',
      'Customer Management',
      'Lens Management',
      'Email Management',
      'Consultant Settings',
      'Production Settings',
      'Machine Clients',
      'Webhooks',
      'Audit',
    ]);
    expect(SUPER_ADMIN_MENU).toHaveLength(9);
    expect(CUSTOMER_MENU.every((i) => i.path.startsWith('/customer/'))).toBe(true);
  });
});
