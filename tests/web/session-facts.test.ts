import { describe, expect, it } from 'vitest';
import { AUTH_STATUS } from '../../core/rules/auth-status';
import {
  accountsOf,
  customerInfoLoadOf,
  displayNameOf,
  sessionFacts,
  SIGNED_OUT,
  storedUserFacts,
  type LoadedSession,
} from '../../web/src/app/providers/session-facts';
import { annProfile, fakeSession } from './support/fake-session';

const info = fakeSession().customer.info!;
const customer = (overrides: Partial<LoadedSession> = {}): LoadedSession => ({
  user: { userId: 'u-1', email: 'ann@practice.test', groups: ['customer'], emailVerified: true },
  profile: {
    profile: annProfile({ version: 0 }),
    groups: ['customer'],
    emailVerified: true,
  },
  customerInfoLoad: customerInfoLoadOf(info, false),
  customerInfo: info,
  accounts: accountsOf(info),
  restored: true,
  loggedOut: false,
  cached: false,
  ...overrides,
});

describe('session facts (spec 4 auth status and home navigation, spec 3 storage)', () => {
  it('nobody signed in: UNAUTHENTICATED, home is /auth/login', () => {
    expect(sessionFacts(SIGNED_OUT)).toMatchObject({ status: AUTH_STATUS.UNAUTHENTICATED, home: '/auth/login' });
  });

  it('a verified customer with an account goes to /customer/home', () => {
    expect(sessionFacts(customer())).toMatchObject({
      status: AUTH_STATUS.AUTHENTICATED,
      role: 'customer',
      home: '/customer/home',
    });
  });

  it('a customer-info load that failed sets ACCOUNTNUMBERNOTVERIFIED and home /auth/request', () => {
    const facts = sessionFacts(customer({ customerInfoLoad: customerInfoLoadOf(null, true), customerInfo: null }));
    expect(facts).toMatchObject({ status: AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED, home: '/auth/request' });
  });

  it('a customer who has not accepted the terms goes to /terms first', () => {
    const session = customer();
    session.profile!.profile.termsAccepted = false;
    expect(sessionFacts(session).home).toBe('/terms');
  });

  it('admins are always AUTHENTICATED and go to /admin/home', () => {
    const admin = customer({ customerInfoLoad: undefined, customerInfo: null });
    admin.profile!.groups = ['admin', 'superadmin'];
    admin.profile!.emailVerified = false;
    expect(sessionFacts(admin)).toMatchObject({
      status: AUTH_STATUS.AUTHENTICATED,
      role: 'superadmin',
      home: '/admin/home',
    });
  });

  it('the account list is the main account first, then the additional ones', () => {
    expect(accountsOf(info)).toEqual(['LL-1001', 'LL-2002']);
  });

  it('the display name falls back to the email', () => {
    const nameless = customer();
    nameless.profile!.profile.firstName = '';
    nameless.profile!.profile.lastName = '';
    expect(displayNameOf(nameless)).toBe('ann@practice.test');
  });

  it('stores the role label spec 3 names', () => {
    const session = customer();
    expect(storedUserFacts(session, sessionFacts(session))).toMatchObject({
      role: 'Customer',
      uid: 'u-1',
      firstName: 'Ann',
    });
  });
});
