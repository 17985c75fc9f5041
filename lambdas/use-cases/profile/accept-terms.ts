import { callerGone, unauthenticated } from '../../../core/errors';
import type { AcceptTermsOutput } from '../../../core/schemas/profile/terms';
import type { Identity } from '../../auth/verify-token';
import type { UsersRepository } from '../../ports/users-repository';
import { USER_DATA_NOT_FOUND } from './update-my-profile';
import type { Clock } from '../../kernel/clock';

/**
 * spec 4 "Terms": records the caller's acceptance on their own record, server-side. spec 5: a signed-in
 * user is required ("User not authenticated") and their data must exist ("User data not found"). Accepting
 * twice keeps the first date.
 */
export async function acceptTerms(
  caller: Identity | null,
  users: Pick<UsersRepository, 'get' | 'recordTermsAcceptance'>,
  now: Clock['now'],
): Promise<AcceptTermsOutput> {
  if (!caller) throw unauthenticated('User not authenticated');
  const stored = await users.get(caller.userId);
  if (!stored) throw callerGone(USER_DATA_NOT_FOUND);
  const accepted =
    stored.termsAccepted && stored.termsAcceptedDate
      ? stored
      : await users.recordTermsAcceptance(caller.userId, now().toISOString());
  if (!accepted?.termsAccepted || !accepted.termsAcceptedDate) throw callerGone(USER_DATA_NOT_FOUND);
  return { termsAccepted: true, termsAcceptedDate: accepted.termsAcceptedDate };
}
