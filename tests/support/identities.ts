import type { Identity } from '../../lambdas/auth/verify-token';
import type { Group } from '../../core/constants';

/** A verified caller for use-case and wrapper tests. */
export function identity(groups: Group[], overrides: Partial<Identity> = {}): Identity {
  return {
    userId: `user-${groups.join('-') || 'none'}`,
    email: `${groups[0] ?? 'nobody'}@example.test`,
    emailVerified: true,
    groups,
    authTime: Math.floor(Date.now() / 1000),
    issuedAt: Math.floor(Date.now() / 1000),
    ...overrides,
  };
}
