import { describe, expect, it } from 'vitest';
import { userFromClaims } from '../../../web/src/lib/auth-session';

/** What the browser takes from ID token claims (web/src/lib/auth-session.ts): display and timers only. */
describe('the signed-in user read from ID token claims', () => {
  it("reads the subject, email, the portal's groups, email verification and when the user signed in", () => {
    const user = userFromClaims({
      sub: 'u-1',
      email: 'ann@practice.test',
      'cognito:groups': ['customer', 'someone-elses-group'],
      email_verified: 'true',
      auth_time: 1_795_520_000,
    });
    expect(user).toEqual({
      userId: 'u-1',
      email: 'ann@practice.test',
      groups: ['customer'],
      emailVerified: true,
      authTime: 1_795_520_000_000,
    });
  });

  it('leaves the sign-in time out when the token has none, and has no user without a subject', () => {
    expect(userFromClaims({ sub: 'u-1', auth_time: 'yesterday' })).not.toHaveProperty('authTime');
    expect(userFromClaims({ email: 'ann@practice.test' })).toBeNull();
  });
});
