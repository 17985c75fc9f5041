import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptSession } from '../../../web/src/app/providers/kept-session';
import { setRuntimeConfig } from '../../../web/src/lib/runtime-config';
import { storedIdTokenClaims } from '../../../web/src/lib/stored-id-token';
import { TEST_CONFIG } from '../support/fake-session';
import { ANN, base64url, idTokenOf, keep, kept } from '../support/kept-session';

/**
 * A returning user's first render is the session kept at their last visit, chosen by the ID token Amplify
 * stored, read from localStorage without Amplify (web/src/lib/stored-id-token.ts,
 * web/src/app/providers/kept-session.ts): the page paints before Amplify, the API client or zod load.
 */
const CLIENT = `CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}`;

function storeToken(token: string, username = 'ann', client = CLIENT) {
  localStorage.setItem(`${client}.LastAuthUser`, username);
  localStorage.setItem(`${client}.${username}.idToken`, token);
}

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig(TEST_CONFIG);
});
afterEach(() => localStorage.clear());

describe("the stored ID token's claims, read as Amplify stores them", () => {
  it("are the last user's token's payload, decoded (base64url, UTF-8)", () => {
    const claims = { ...ANN, name: 'Zoë Ørsted', note: '~~~???' };
    storeToken(idTokenOf(claims));
    expect(storedIdTokenClaims(TEST_CONFIG.userPoolClientId)).toEqual(claims);
  });

  it('are null without a last user, without a token, for another client, or when the token is not a JWT', () => {
    expect(storedIdTokenClaims(TEST_CONFIG.userPoolClientId)).toBeNull();
    localStorage.setItem(`${CLIENT}.LastAuthUser`, 'ann');
    expect(storedIdTokenClaims(TEST_CONFIG.userPoolClientId)).toBeNull();
    storeToken(idTokenOf(ANN), 'ann', 'CognitoIdentityServiceProvider.another-client');
    expect(storedIdTokenClaims(TEST_CONFIG.userPoolClientId)).toBeNull();
    for (const token of ['not-a-jwt', 'a.!!!.c', `a.${base64url('[1,2]')}.c`, 'a..c']) {
      storeToken(token);
      expect(storedIdTokenClaims(TEST_CONFIG.userPoolClientId)).toBeNull();
    }
  });
});

describe('the kept session of the first render', () => {
  it("is the kept answers of the stored token's user, with when they were kept", () => {
    const snapshot = keep();
    storeToken(idTokenOf(ANN));
    const first = keptSession();
    expect(first?.savedAt).toBe(snapshot.savedAt);
    expect(first?.session).toMatchObject({
      user: { userId: 'u-ann', email: ANN.email, groups: ['customer'], emailVerified: true },
      cached: true,
      restored: true,
      customerInfo: { company: 'Brightview (kept)' },
    });
  });

  it("is none for another user's token, and their kept answers are removed", () => {
    keep();
    storeToken(idTokenOf({ ...ANN, sub: 'u-bob', email: 'bob@brightview.test' }));
    expect(keptSession()).toBeNull();
    expect(kept()).toBeNull();
  });

  it('is none once the kept answers are older than the idle limit, or with no stored token', () => {
    keep({ savedAt: Date.now() - TEST_CONFIG.session.inactivityTimeoutMs - 1 });
    storeToken(idTokenOf(ANN));
    expect(keptSession()).toBeNull();
    localStorage.clear();
    keep();
    expect(keptSession()).toBeNull();
  });
});
