import { describe, expect, it } from 'vitest';
import { AUTH_STATUS } from '../../../core/rules/auth-status';
import { homeLocation } from '../../../core/rules/home-navigation';

describe('spec 4 home navigation, in order', () => {
  it('1. no user goes to /auth/login', () => {
    expect(homeLocation({ status: AUTH_STATUS.UNAUTHENTICATED, role: 'customer', termsAccepted: false })).toBe(
      '/auth/login',
    );
  });

  it('2. a customer who has not accepted terms goes to /terms, before any verification step', () => {
    expect(homeLocation({ status: AUTH_STATUS.EMAILNOTVERIFIED, role: 'customer', termsAccepted: false })).toBe(
      '/terms',
    );
    expect(homeLocation({ status: AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED, role: 'customer', termsAccepted: false })).toBe(
      '/terms',
    );
  });

  it('3. a customer with an unverified email goes to /auth/verify-email', () => {
    expect(homeLocation({ status: AUTH_STATUS.EMAILNOTVERIFIED, role: 'customer', termsAccepted: true })).toBe(
      '/auth/verify-email',
    );
  });

  it('4. ACCOUNTNUMBERNOTVERIFIED goes to /auth/request', () => {
    expect(homeLocation({ status: AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED, role: 'customer', termsAccepted: true })).toBe(
      '/auth/request',
    );
  });

  it('5. otherwise customers go to /customer/home', () => {
    expect(homeLocation({ status: AUTH_STATUS.AUTHENTICATED, role: 'customer', termsAccepted: true })).toBe(
      '/customer/home',
    );
  });

  it('5. otherwise admins and super admins go to /admin/home, terms or not', () => {
    expect(homeLocation({ status: AUTH_STATUS.AUTHENTICATED, role: 'admin', termsAccepted: false })).toBe(
      '/admin/home',
    );
    expect(homeLocation({ status: AUTH_STATUS.AUTHENTICATED, role: 'superadmin', termsAccepted: false })).toBe(
      '/admin/home',
    );
  });
});
