import { ACCOUNT_MESSAGES } from '../../core/messages';
import { resourceExhausted } from '../../core/errors';
import { rateLimitAddress } from '../../core/rules/client-address';
import type { CheckEmailExistsOutput } from '../../core/schemas/session';
import type { RateLimiter } from '../ports/rate-limiter';
import type { UserDirectory } from '../ports/user-directory';

/**
 * The throttle that makes the existence question affordable (docs/decisions.md "Password reset for an
 * unknown email"): a few questions per email and per address per 15 minutes.
 */
export const EMAIL_CHECK_LIMITS = {
  perEmail: 5,
  perIp: 20,
  windowSeconds: 15 * 60,
} as const;

/**
 * Whether an account exists for an email, for the forgot-password form's spec 8 message "No account found
 * with this email address". Throttled per email and per caller address (an IPv6 caller by its /64).
 */
export async function checkEmailExists(
  email: string,
  sourceIp: string,
  deps: { directory: Pick<UserDirectory, 'emailExists'>; limiter: RateLimiter },
): Promise<CheckEmailExistsOutput> {
  const { perEmail, perIp, windowSeconds } = EMAIL_CHECK_LIMITS;
  const ipAllowed = await deps.limiter.consume(
    `checkEmailExists#ip#${rateLimitAddress(sourceIp)}`,
    perIp,
    windowSeconds,
  );
  const emailAllowed =
    ipAllowed && (await deps.limiter.consume(`checkEmailExists#email#${email}`, perEmail, windowSeconds));
  if (!emailAllowed) throw resourceExhausted(ACCOUNT_MESSAGES.tooManyAttempts);
  return { exists: await deps.directory.emailExists(email) };
}
