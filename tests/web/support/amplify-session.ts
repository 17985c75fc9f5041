import { fetchAuthSession } from 'aws-amplify/auth';
import { vi } from 'vitest';

/**
 * The session tests that drive the real SessionProvider with `aws-amplify/auth` mocked (`vi.mock` in the test
 * file, which this module's import then gets): who Amplify says is signed in, and Ann's profile answer.
 */
export const BRIGHTVIEW_USER = {
  sub: 'u-ann',
  email: 'ann@brightview.test',
  'cognito:groups': ['customer'],
  email_verified: true,
};

/** Amplify's stored session: an ID token with this payload, or none (signed out). */
export function amplifySignedIn(payload: object | null): void {
  vi.mocked(fetchAuthSession).mockResolvedValue(
    (payload ? { tokens: { idToken: { payload, toString: () => 'id-token' } } } : { tokens: undefined }) as never,
  );
}

/** `getMyProfile`'s answer for Ann at Brightview (BV-1001), terms accepted; override profile fields. */
export function brightviewProfileAnswer(profile: Record<string, unknown> = {}) {
  return {
    profile: {
      userId: 'u-ann',
      email: BRIGHTVIEW_USER.email,
      firstName: 'Ann',
      lastName: 'Lee',
      accountNumber: 'BV-1001',
      termsAccepted: true,
      version: 0,
      ...profile,
    },
    groups: ['customer'],
    emailVerified: true,
  };
}
