import { ACCOUNT_MESSAGES, FORM_MESSAGES } from '../../../core/messages';
import { describeError } from '../../../core/describe-error';
import { AppError, invalidArgument } from '../../../core/errors';
import type { SignUpOutput } from '../../../core/schemas/auth/sign-up';
import type { Logger } from '../../ports/logger';
import type { AccountNotices } from '../../ports/account-notices';
import type { RateLimiter } from '../../ports/rate-limiter';
import { DirectoryError, type NewAccount, type UserDirectory } from '../../ports/user-directory';
import type { SignUpCodes } from '../../ports/sign-up-codes';
import type { UsersRepository } from '../../ports/users-repository';
import { issueSignUpCode, NEXT_STEP } from './sign-up-code';
import type { Clock } from '../../kernel/clock';
import { sendBestEffort } from '../../kernel/notify';

/** spec 8: the sign-up failures the user sees. */
export const SIGN_UP_ERRORS = {
  account: ACCOUNT_MESSAGES.createUserFailed,
  role: 'Failed to set user permissions. Please try again.',
  profile: 'Failed to create user profile. Please try again.',
} as const;

/** One existing-account email per address per hour, so sign-up cannot be used to flood someone's inbox. */
export const EXISTING_ACCOUNT_NOTICE_LIMIT = { limit: 1, windowSeconds: 3600 } as const;

export interface SignUpDeps extends Pick<Clock, 'now'> {
  directory: Pick<UserDirectory, 'signUp' | 'addToGroup' | 'deleteUser'>;
  users: Pick<UsersRepository, 'create'>;
  notices: AccountNotices;
  limiter: RateLimiter;
  codes: Pick<SignUpCodes, 'put'>;
  /** A new six-digit code (random; tests choose it). */
  newCode: () => string;
  log: Logger;
}

const NEXT = NEXT_STEP;

/**
 * spec 4 "Sign-up": create the account, set the customer role, create the user record with the terms
 * accepted, then email the verification code (no account enumeration: the portal's code, the pool refuses self
 * sign-up). If the role or the record fails, the new account is deleted, so no half-made account remains. An email that already has an account gets the same answer
 * as a new one (no enumeration); its owner gets an email saying so (docs/decisions/0086-no-account-enumeration.md).
 */
export async function signUp(account: NewAccount, deps: SignUpDeps): Promise<SignUpOutput> {
  let userId: string;
  try {
    ({ userId } = await deps.directory.signUp(account));
  } catch (error) {
    if (error instanceof DirectoryError && error.kind === 'email-taken') {
      await noticeExistingAccount(account.email, deps);
      return NEXT;
    }
    if (error instanceof DirectoryError && error.kind === 'invalid-password') {
      throw invalidArgument(FORM_MESSAGES.invalidFields, { password: [ACCOUNT_MESSAGES.passwordPolicy] });
    }
    deps.log.error('sign-up: account creation failed', { error: describeError(error) });
    throw new AppError('internal', SIGN_UP_ERRORS.account);
  }

  try {
    await deps.directory.addToGroup(userId, 'customer');
  } catch (error) {
    deps.log.error('sign-up: setting the customer role failed', { userId, error: describeError(error) });
    await rollBack(userId, deps);
    throw new AppError('internal', SIGN_UP_ERRORS.role);
  }

  try {
    await deps.users.create({
      userId,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      accountNumbers: [],
      termsAccepted: true,
      termsAcceptedDate: deps.now().toISOString(),
      version: 0,
    });
  } catch (error) {
    deps.log.error('sign-up: creating the user record failed', { userId, error: describeError(error) });
    await rollBack(userId, deps);
    throw new AppError('internal', SIGN_UP_ERRORS.profile);
  }
  await issueSignUpCode(account.email, userId, deps);
  return NEXT;
}

/** Deletes the half-made account; a failure here is logged loudly (an operator must remove it by hand). */
async function rollBack(userId: string, deps: SignUpDeps): Promise<void> {
  try {
    await deps.directory.deleteUser(userId);
  } catch (error) {
    deps.log.error('sign-up: ROLLBACK FAILED, account left without role or record', {
      userId,
      error: describeError(error),
    });
  }
}

/** Best effort: the answer must not depend on whether this email could be sent. */
async function noticeExistingAccount(email: string, deps: SignUpDeps): Promise<void> {
  // Sent at once, not via the outbox: the person waits on the page and can simply sign up again.
  await sendBestEffort(deps.log, 'sign-up: existing-account notice failed', {}, async () => {
    const { limit, windowSeconds } = EXISTING_ACCOUNT_NOTICE_LIMIT;
    if (await deps.limiter.consume(`signUpNotice#${email}`, limit, windowSeconds)) {
      await deps.notices.sendExistingAccountNotice(email);
    }
  });
}
