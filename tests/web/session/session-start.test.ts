import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../web/src/lib/auth-session';

// The two session calls, each left pending until the test settles it, so "started together" is observable.
const calls = vi.hoisted(() => ({ profile: 0, customerInfo: 0 }));
vi.mock('../../../web/src/app/providers/session-api', () => ({
  getMyProfile: vi.fn(() => {
    calls.profile += 1;
    return new Promise(() => undefined);
  }),
  getCustomerInfo: vi.fn(() => {
    calls.customerInfo += 1;
    return Promise.reject(new Error('refused'));
  }),
}));

const { startSessionCalls } = await import('../../../web/src/app/providers/session-start');
const { setRuntimeConfig } = await import('../../../web/src/lib/runtime-config');
const { TEST_CONFIG } = await import('../support/fake-session');

// The calls check the stage's config first; this one is known to be valid.
setRuntimeConfig(TEST_CONFIG);

const user = (groups: SessionUser['groups'], emailVerified = true): SessionUser => ({
  userId: 'u-1',
  email: 'someone@practice.test',
  groups,
  emailVerified,
});

afterEach(() => {
  calls.profile = 0;
  calls.customerInfo = 0;
});

describe('the first session calls start together, before the profile answers (spec 4 start-up check)', () => {
  it('a verified customer: getMyProfile and getCustomerInfo are both in flight at once', async () => {
    const started = await startSessionCalls(user(['customer']));
    expect(calls).toEqual({ profile: 1, customerInfo: 1 });
    expect(started.customerInfo).not.toBeNull();
    // A failure of an early call is reported to whoever awaits it, never as an unhandled rejection.
    await expect(started.customerInfo).rejects.toThrow('refused');
  });

  it('an admin or a customer with an unverified email needs no customer info, so it is not asked for', async () => {
    for (const who of [user(['admin']), user(['superadmin', 'admin']), user(['customer'], false)]) {
      const started = await startSessionCalls(who);
      expect(started.customerInfo).toBeNull();
    }
    expect(calls).toEqual({ profile: 3, customerInfo: 0 });
  });
});
