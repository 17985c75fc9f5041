import { permissionDenied } from '../../core/errors';
import type { RouteDefinition } from '../../core/route-definition';
import { isLab, linkedAccounts, practicesAllowing } from '../kernel/caller';
import type { UsersRepository } from '../ports/users-repository';
import type { Identity } from './verify-token';

export const PRACTICE_ROLE_MESSAGE = 'Your role in this practice does not allow this';

/**
 * The practice role rule of a route with a `practice` ability (core/rules/practice-roles.ts), in the handler
 * wrapper: a practice user linked to practices none of which lets their role do this gets 403 before the input
 * is read; otherwise the identity carries the practices that do, and the account checks of lambdas/kernel/caller.ts
 * see only those. A user linked to no practice passes: the use case answers as it does for any unlinked caller.
 * Read fresh on every call, so a role taken away applies at the next request.
 */
export function practiceRoleCheck(users: Pick<UsersRepository, 'get'>) {
  return async (route: Pick<RouteDefinition, 'practice'>, identity: Identity): Promise<Identity> => {
    if (!route.practice || isLab(identity)) return identity;
    const user = await users.get(identity.userId);
    const allowed = practicesAllowing(user, route.practice);
    if (linkedAccounts(user).length > 0 && allowed.length === 0) throw permissionDenied(PRACTICE_ROLE_MESSAGE);
    return { ...identity, practiceAccounts: allowed };
  };
}
export type PracticeRoleCheck = ReturnType<typeof practiceRoleCheck>;
