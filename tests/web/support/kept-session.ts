import { act } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { vi } from 'vitest';
import { callRoute } from '../../../web/src/lib/api-client';
import { SESSION_SNAPSHOT_KEY } from '../../../web/src/lib/local-storage';
import type { SessionSnapshot } from '../../../web/src/lib/session-snapshot';
import { TEST_CONFIG } from './fake-session';

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

/** `text` as UTF-8 in base64url, as a JWT's parts are. */
export const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An ID token with these claims, as Amplify stores it (the signature is never read before Amplify checks it). */
export const idTokenOf = (claims: unknown) =>
  [base64url('{"alg":"RS256"}'), base64url(JSON.stringify(claims)), 'signature'].join('.');

/**
 * A session with these ID token claims, or none: what Amplify's fetchAuthSession answers, and the tokens as
 * Amplify stores them for the stage's client (read before Amplify loads, web/src/lib/stored-id-token.ts).
 */
export function signedInAs(claims: Record<string, unknown> | null) {
  vi.mocked(fetchAuthSession).mockResolvedValue(
    (claims ? { tokens: { idToken: { payload: claims, toString: () => ID_TOKEN } } } : { tokens: undefined }) as never,
  );
  const client = `CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}`;
  for (const key of Object.keys(localStorage)) if (key.startsWith(`${client}.`)) localStorage.removeItem(key);
  if (!claims) return;
  const username = String(claims.sub);
  localStorage.setItem(`${client}.LastAuthUser`, username);
  localStorage.setItem(`${client}.${username}.idToken`, idTokenOf(claims));
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
