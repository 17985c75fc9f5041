import { describe, expect, it } from 'vitest';
import {
  AUTH_STATUS,
  deriveAuthStatus,
  needsCustomerInfo,
  roleFromGroups,
  ROLE_LABELS,
} from '../../../core/rules/auth-status';

const user = { userId: 'u1' };

describe('spec 4 auth status', () => {
  it('no user is UNAUTHENTICATED', () => {
    expect(deriveAuthStatus({ user: null, groups: ['customer'], emailVerified: true })).toBe(
      AUTH_STATUS.UNAUTHENTICATED,
    );
  });

  it('a customer with an unverified email is EMAILNOTVERIFIED', () => {
    expect(deriveAuthStatus({ user, groups: ['customer'], emailVerified: false })).toBe(AUTH_STATUS.EMAILNOTVERIFIED);
  });

  it.each([[['admin']], [['admin', 'superadmin']], [['superadmin']]])(
    'admins are always AUTHENTICATED, even unverified and without customer info (groups %j)',
    (groups) => {
      expect(deriveAuthStatus({ user, groups, emailVerified: false, customerInfo: { kind: 'failed' } })).toBe(
        AUTH_STATUS.AUTHENTICATED,
      );
    },
  );

  it('a verified customer whose customer info has an account number is AUTHENTICATED', () => {
    expect(
      deriveAuthStatus({
        user,
        groups: ['customer'],
        emailVerified: true,
        customerInfo: { kind: 'ok', accountNumber: '10042' },
      }),
    ).toBe(AUTH_STATUS.AUTHENTICATED);
  });

  it.each([
    ['failed', { kind: 'failed' as const }],
    ['empty', { kind: 'empty' as const }],
    ['ok without an account number', { kind: 'ok' as const, accountNumber: '' }],
    ['ok with a null account number', { kind: 'ok' as const, accountNumber: null }],
    ['not loaded yet', undefined],
  ])('a customer-info load that is %s makes a verified customer ACCOUNTNUMBERNOTVERIFIED', (_label, customerInfo) => {
    expect(deriveAuthStatus({ user, groups: ['customer'], emailVerified: true, customerInfo })).toBe(
      AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED,
    );
  });

  it('a user in no known group is treated as a customer (spec 6: role defaults to customer)', () => {
    expect(roleFromGroups([])).toBe('customer');
    expect(deriveAuthStatus({ user, groups: ['stranger'], emailVerified: false })).toBe(AUTH_STATUS.EMAILNOTVERIFIED);
  });

  it('a super admin (admin group plus superadmin) has the SUPERADMIN role', () => {
    expect(roleFromGroups(['admin', 'superadmin'])).toBe('superadmin');
    expect(roleFromGroups(['customer', 'admin'])).toBe('admin');
    expect(ROLE_LABELS.superadmin).toBe('Super Admin');
  });

  it('only verified customers need the customer info before the status is known', () => {
    expect(needsCustomerInfo({ user, groups: ['customer'], emailVerified: true })).toBe(true);
    expect(needsCustomerInfo({ user, groups: ['customer'], emailVerified: false })).toBe(false);
    expect(needsCustomerInfo({ user, groups: ['admin'], emailVerified: true })).toBe(false);
    expect(needsCustomerInfo({ user: null, groups: ['customer'], emailVerified: true })).toBe(false);
  });
});
