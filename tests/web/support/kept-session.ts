import { act } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { vi } from 'vitest';
import { callRoute } from '../../../web/src/lib/api-client';
import { SESSION_SNAPSHOT_KEY, type SessionSnapshot } from '../../../web/src/lib/session-snapshot';

/**
 * Fixtures for the kept session answers (web/src/lib/session-snapshot.ts) driven through the real
 * SessionProvider. The test file mocks `aws-amplify/auth` (fetchAuthSession, signOut) and the api-client's
 * `callRoute`; these helpers steer those mocks.
 */

export const ANN = { sub: 'u-ann', email: 'ann@brightview.test', 'cognito:groups': ['customer'], email_verified: true };
export const ID_TOKEN = 'header.ann-id-token.signature';

export const profileOf = (userId: string, email: string, groups: string[]) => ({
  profile: {
    userId,
    email,
    firstName: 'Ann',
    lastName: 'Lee',
    accountNumber: 'BV-1001',
    accountNumbers: [],
    termsAccepted: true,
    version: 0,
  },
  groups,
  emailVerified: true,
});

export const infoOf = (accountNumber: string, company: string) => ({
  accountNumber,
  additionalAccounts: [],
  company,
  phone: '555-0100',
  shippingAddress: { address: '1 Main St', city: 'Portland', state: 'OR', zip: '97201' },
  pricingAllowed: true,
  orders: [],
  page: 1,
  records: 25,
  total: 0,
});

/** What the API answers Ann now: her profile and her main practice's fresh customer info. */
export const annFreshAnswers = () => ({
  getMyProfile: profileOf('u-ann', ANN.email, ['customer']),
  getCustomerInfo: infoOf('BV-1001', 'Brightview Eye Care'),
});

/** Keeps Ann's answers of a minute ago ('Brightview (kept)'), as her last visit left them; returns them. */
export function keep(overrides: Partial<SessionSnapshot> = {}): SessionSnapshot {
  const snapshot: SessionSnapshot = {
    userId: 'u-ann',
    savedAt: Date.now() - 60_000,
    profile: profileOf('u-ann', ANN.email, ['customer']) as SessionSnapshot['profile'],
    customerInfo: infoOf('BV-1001', 'Brightview (kept)'),
    ...overrides,
  };
  localStorage.setItem(SESSION_SNAPSHOT_KEY, JSON.stringify(snapshot));
  return snapshot;
}

/** The kept answers as stored, or null. */
export const kept = () => localStorage.getItem(SESSION_SNAPSHOT_KEY);

/** What Amplify's fetchAuthSession answers: a session with these ID token claims, or none. */
export function signedInAs(claims: Record<string, unknown> | null) {
  vi.mocked(fetchAuthSession).mockResolvedValue(
    (claims ? { tokens: { idToken: { payload: claims, toString: () => ID_TOKEN } } } : { tokens: undefined }) as never,
  );
}

/** The API answers `answers`, but only once `release()` is called. */
export function heldApi(answers: Record<string, unknown>) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.mocked(callRoute).mockImplementation((async (name: string) => {
    await gate;
    const answer = answers[name];
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as typeof callRoute);
  return { release: () => act(async () => release()) };
}
