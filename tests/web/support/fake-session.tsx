import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AUTH_STATUS } from '../../../core/rules/auth-status';
import type { RuntimeConfig } from '../../../core/schemas/runtime-config';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import { setRuntimeConfig } from '../../../web/src/lib/runtime-config';
import { SessionContext, type SessionContextValue } from '../../../web/src/lib/session-context';

export const TEST_CONFIG: RuntimeConfig = {
  stage: 'local',
  production: false,
  region: 'us-east-1',
  apiBaseUrl: '/api',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  authFlowType: 'USER_PASSWORD_AUTH',
  termsUrl: '/terms.pdf',
  session: { inactivityTimeoutMs: 3_600_000, warningAfterMs: 3_300_000 },
  payments: { gateway: 'fake' },
};

/** Ann Lee's stored profile, the customer every web test signs in as; override what a test needs. */
export function annProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    userId: 'u-1',
    email: 'ann@practice.test',
    firstName: 'Ann',
    lastName: 'Lee',
    accountNumbers: [],
    termsAccepted: true,
    version: 1,
    ...overrides,
  };
}

/** A signed-in customer with a verified account, terms accepted; override what a test needs. */
export function fakeSession(overrides: Partial<SessionContextValue> = {}): SessionContextValue {
  return {
    status: AUTH_STATUS.AUTHENTICATED,
    role: 'customer',
    termsAccepted: true,
    home: '/customer/home',
    checking: false,
    restored: true,
    loggedOut: false,
    cached: false,
    user: { userId: 'u-1', email: 'ann@practice.test', groups: ['customer'], emailVerified: true },
    profile: annProfile({ accountNumbers: ['LL-1001'] }),
    displayName: 'Ann Lee',
    customer: {
      info: {
        accountNumber: 'LL-1001',
        additionalAccounts: ['LL-2002'],
        company: 'Lee Eye Care',
        phone: '555-0101',
        shippingAddress: { address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
        pricingAllowed: true,
        orders: [],
        page: 1,
        records: 25,
        total: 0,
      },
      accounts: ['LL-1001', 'LL-2002'],
      selectedAccount: 'LL-1001',
      switching: false,
    },
    reload: vi.fn(),
    logout: vi.fn(async () => undefined),
    switchAccount: vi.fn(async () => undefined),
    markTermsAccepted: vi.fn(),
    ...overrides,
  };
}

export function SessionFixture({ value, children }: { value: SessionContextValue; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The app reads the runtime config and media queries; jsdom has neither. */
export function prepareBrowser(width = 1280) {
  setRuntimeConfig(TEST_CONFIG);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: width <= Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}
