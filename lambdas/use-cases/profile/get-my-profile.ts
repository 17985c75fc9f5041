import type { MyProfile } from '../../../core/schemas/users/user-profile';
import type { Identity } from '../../auth/verify-token';
import type { UsersRepository } from '../../ports/users-repository';

/**
 * The caller's own profile. Admins created in the console may have no users record yet: they still get
 * an answer built from the token, so the portal never breaks on a missing row.
 */
export async function getMyProfile(caller: Identity, users: UsersRepository): Promise<MyProfile> {
  const stored = await users.get(caller.userId);
  const profile = stored ?? {
    userId: caller.userId,
    email: caller.email,
    firstName: '',
    lastName: '',
    accountNumbers: [],
    termsAccepted: false,
    version: 0,
  };
  return { profile, groups: caller.groups, emailVerified: caller.emailVerified };
}
