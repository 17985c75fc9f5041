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

/** Ann and Bob, customers of practice ACC-A in the use-case tests. */
export const practiceAnn = identity(['customer'], { userId: 'u-ann', email: 'ann@a.test' });
export const colleagueBob = identity(['customer'], { userId: 'u-bob', email: 'bob@a.test' });

/** The nth of the tests' made-up ids, a valid v4 UUID. */
export const numberedUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
