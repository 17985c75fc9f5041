import { describe, expect, it } from 'vitest';
import { AUTH_STATUS, type Role } from '../../../core/rules/auth-status';
import { decideRoute, requiredRolesFor } from '../../../core/rules/route-guard';
import { loginUrl, safeReturnUrl } from '../../../core/rules/return-url';

const authenticated = (role: Role) => ({ status: AUTH_STATUS.AUTHENTICATED, role, termsAccepted: true });

describe('spec 4 route guard', () => {
  it('authenticated users with the required role pass', () => {
    expect(decideRoute('/customer/order', authenticated('customer'))).toEqual({ kind: 'allow' });
    expect(decideRoute('/admin/order-approval', authenticated('admin'))).toEqual({ kind: 'allow' });
    expect(decideRoute('/admin/user-management', authenticated('superadmin'))).toEqual({ kind: 'allow' });
  });

  it('a user lacking the required role goes to their home with access denied', () => {
    expect(decideRoute('/admin/home', authenticated('customer'))).toEqual({
      kind: 'redirect',
      to: '/customer/home',
      reason: 'access-denied',
    });
    expect(decideRoute('/customer/home', authenticated('admin'))).toEqual({
      kind: 'redirect',
      to: '/admin/home',
      reason: 'access-denied',
    });
  });

  it('spec 2, 6: the super admin pages refuse a plain admin', () => {
    for (const page of [
      'user-management',
      'customer-management',
      'lens-management',
      'email-management',
      'consultant-settings',
      'production-settings',
    ]) {
      expect(decideRoute(`/admin/${page}`, authenticated('admin'))).toMatchObject({ reason: 'access-denied' });
    }
  });

  it('spec 2: /settings is open to customers, admins and super admins', () => {
    expect(requiredRolesFor('/settings')).toEqual(['superadmin', 'admin', 'customer']);
    for (const role of ['customer', 'admin', 'superadmin'] as const) {
      expect(decideRoute('/settings', authenticated(role))).toEqual({ kind: 'allow' });
    }
  });

  it('the notification inbox is open to customers, admins and super admins', () => {
    for (const role of ['customer', 'admin', 'superadmin'] as const) {
      expect(decideRoute('/notifications', authenticated(role))).toEqual({ kind: 'allow' });
    }
  });

  it('an unverified email goes to /auth/verify-email', () => {
    expect(
      decideRoute('/customer/home', { status: AUTH_STATUS.EMAILNOTVERIFIED, role: 'customer', termsAccepted: true }),
    ).toEqual({ kind: 'redirect', to: '/auth/verify-email', reason: 'email-not-verified' });
  });

  it('an unverified account number goes to /auth/request', () => {
    expect(
      decideRoute('/customer/home', {
        status: AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED,
        role: 'customer',
        termsAccepted: true,
      }),
    ).toEqual({ kind: 'redirect', to: '/auth/request', reason: 'account-not-verified' });
  });

  it('anyone else goes to login with a returnUrl', () => {
    expect(
      decideRoute('/customer/order?lens=7', {
        status: AUTH_STATUS.UNAUTHENTICATED,
        role: 'customer',
        termsAccepted: false,
      }),
    ).toEqual({ kind: 'redirect', to: '/auth/login?returnUrl=%2Fcustomer%2Forder%3Flens%3D7', reason: 'login' });
  });

  it('paths outside the role table require no role', () => {
    expect(requiredRolesFor('/somewhere')).toBeNull();
    expect(requiredRolesFor('/customers')).toBeNull();
  });
});

describe('returnUrl is a path inside the portal only', () => {
  it.each(['https://evil.test/', '//evil.test', '/\\evil.test', '/\tevil', 'javascript:alert(1)', '', null])(
    'drops %j',
    (value) => {
      expect(safeReturnUrl(value)).toBeNull();
      expect(loginUrl(value)).toBe('/auth/login');
    },
  );

  it('keeps a portal path with its query', () => {
    expect(safeReturnUrl('/customer/order?x=1')).toBe('/customer/order?x=1');
  });

  it('never loops back to the login page itself', () => {
    expect(loginUrl('/auth/login?returnUrl=%2Fx')).toBe('/auth/login');
  });
});
