import { fetchAuthSession } from 'aws-amplify/auth';
import { Amplify } from 'aws-amplify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureAmplifyOnUse, mayHaveStoredSession } from '../../web/src/lib/amplify-auth';
import { currentIdToken, readSessionUser } from '../../web/src/lib/auth-session';
import { TEST_CONFIG } from './support/fake-session';

/**
 * Amplify loads on first use (web/src/lib/amplify-auth.ts): a browser holding no token of the stage's user pool
 * client is signed out without loading it, and Amplify is configured with the stage's pool before its first call.
 */
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const CLAIMS = { sub: 'u-ann', email: 'ann@brightview.test', 'cognito:groups': ['customer'], email_verified: true };

beforeEach(() => {
  localStorage.clear();
  vi.mocked(fetchAuthSession).mockReset();
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { idToken: { payload: CLAIMS, toString: () => 'id-token' } },
  } as never);
  configureAmplifyOnUse(TEST_CONFIG);
});

describe('Amplify on first use', () => {
  it('no stored token of the pool client: signed out without asking Amplify', async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.another-client.LastAuthUser', 'bob');
    expect(mayHaveStoredSession()).toBe(false);
    expect(await readSessionUser()).toBeNull();
    expect(await currentIdToken()).toBeNull();
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it("a stored token of the pool client: Amplify, configured with the stage's pool, reads the session", async () => {
    localStorage.setItem(`CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}.LastAuthUser`, 'u-ann');
    expect(mayHaveStoredSession()).toBe(true);
    expect(await readSessionUser()).toMatchObject({ userId: 'u-ann', groups: ['customer'] });
    expect(Amplify.getConfig().Auth?.Cognito).toMatchObject({
      userPoolId: TEST_CONFIG.userPoolId,
      userPoolClientId: TEST_CONFIG.userPoolClientId,
    });
  });

  it('after a sign-in (a forced refresh) Amplify is always asked, whatever the storage holds', async () => {
    expect(await readSessionUser(true)).toMatchObject({ userId: 'u-ann' });
    expect(fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });
});
