import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '../../../core/messages';
import { invalidArgument, resourceExhausted } from '../../../core/errors';
import type { SignUpOutput } from '../../../core/schemas/auth/sign-up';
import type { AccountNotices } from '../../ports/account-notices';
import type { Logger } from '../../ports/logger';
import type { RateLimiter } from '../../ports/rate-limiter';
import type { SignUpCodes } from '../../ports/sign-up-codes';
import { DirectoryError, type UserDirectory } from '../../ports/user-directory';
import type { Clock } from '../../kernel/clock';
import { sendBestEffort } from '../../kernel/notify';

/**
 * The sign-up code (docs/decisions/0086-no-account-enumeration.md "Sign-up codes are the portal's"): as Cognito's,
 * six digits valid for 24 hours; each code allows 5 tries, so guessing one takes on average 100,000 codes sent to the
 * owner's inbox.
 */
export const SIGN_UP_CODE = { ttlSeconds: 24 * 60 * 60, attempts: 5 } as const;

/** Per caller address and per email, 15-minute windows: asking for codes cannot flood an inbox or the lab's SES. */
export const SIGN_UP_CODE_LIMITS = {
  confirmPerIp: 30,
  resendPerIp: 10,
  resendPerEmail: 3,
  windowSeconds: 15 * 60,
} as const;

/** One message for a wrong, used-up, expired or unknown code: the answer never says whether the email has an account. */
export const SIGN_UP_CODE_MESSAGES = {
  wrongCode: 'That code is not correct or has expired. Check the most recent email, or ask for a new code.',
} as const;

export const NEXT_STEP: SignUpOutput = { nextStep: 'confirm-email' };

/** A code's hash, salted with the user's id so that equal codes of two users differ in the table. */
export const hashSignUpCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

export const randomSignUpCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export interface IssueCodeDeps extends Pick<Clock, 'now'> {
  codes: Pick<SignUpCodes, 'put'>;
  notices: Pick<AccountNotices, 'sendSignUpCode'>;
  newCode: () => string;
  log: Logger;
}

/**
 * Stores a new code for the account (replacing any earlier one) and emails it. A failed email is logged, not
 * thrown: the account exists and the verify page offers "Send a new code".
 */
export async function issueSignUpCode(email: string, userId: string, deps: IssueCodeDeps): Promise<void> {
  const code = deps.newCode();
  await deps.codes.put({
    email,
    userId,
    codeHash: hashSignUpCode(userId, code),
    expiresAt: Math.floor(deps.now().getTime() / 1000) + SIGN_UP_CODE.ttlSeconds,
    attemptsLeft: SIGN_UP_CODE.attempts,
  });
  // Sent at once, not via the outbox: the person waits on the page, and a code must not rest in plain text in a table.
  await sendBestEffort(deps.log, 'sign-up: the code email failed', { userId }, () =>
    deps.notices.sendSignUpCode(email, code),
  );
}

async function consume(limiter: RateLimiter, key: string, limit: number): Promise<void> {
  if (!(await limiter.consume(key, limit, SIGN_UP_CODE_LIMITS.windowSeconds))) {
    throw resourceExhausted(ACCOUNT_MESSAGES.tooManyAttempts);
  }
}

/**
 * The verify-email page's code for a new account: a right code marks the email verified and is used up; any
 * other answer is the same 400, whether or not the email has an account.
 */
export async function confirmSignUp(
  input: { email: string; code: string },
  sourceIp: string,
  deps: {
    codes: Pick<SignUpCodes, 'useAttempt' | 'remove'>;
    directory: Pick<UserDirectory, 'markEmailVerified'>;
    limiter: RateLimiter;
    now: Clock['now'];
  },
): Promise<{ verified: true }> {
  await consume(deps.limiter, `confirmSignUp#ip#${sourceIp}`, SIGN_UP_CODE_LIMITS.confirmPerIp);
  const wrong = () => invalidArgument(SIGN_UP_CODE_MESSAGES.wrongCode, { code: [SIGN_UP_CODE_MESSAGES.wrongCode] });
  const pending = await deps.codes.useAttempt(input.email);
  if (!pending || pending.expiresAt <= deps.now().getTime() / 1000) throw wrong();
  const given = Buffer.from(hashSignUpCode(pending.userId, input.code));
  const stored = Buffer.from(pending.codeHash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw wrong();
  try {
    await deps.directory.markEmailVerified(pending.userId, input.email);
  } catch (error) {
    // The account was deleted since (a super admin): the code leads nowhere, as any wrong one.
    if (error instanceof DirectoryError && error.kind === 'user-not-found') {
      await deps.codes.remove(input.email);
      throw wrong();
    }
    throw error;
  }
  await deps.codes.remove(input.email);
  return { verified: true };
}

/**
 * "Send a new code": a new account still waiting for its code gets a new one; any other email gets nothing,
 * and the answer is the same.
 */
export async function resendSignUpCode(
  email: string,
  sourceIp: string,
  deps: IssueCodeDeps & { codes: Pick<SignUpCodes, 'peek' | 'put'>; limiter: RateLimiter },
): Promise<SignUpOutput> {
  await consume(deps.limiter, `resendSignUpCode#ip#${sourceIp}`, SIGN_UP_CODE_LIMITS.resendPerIp);
  await consume(deps.limiter, `resendSignUpCode#email#${email}`, SIGN_UP_CODE_LIMITS.resendPerEmail);
  const pending = await deps.codes.peek(email);
  if (pending) await issueSignUpCode(email, pending.userId, deps);
  return NEXT_STEP;
}
