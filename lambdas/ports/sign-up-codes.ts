/**
 * The code a new account's email is verified with (docs/decisions/0086-no-account-enumeration.md "Sign-up codes are
 * the portal's"): the user pool allows admin-created users only, so the portal issues and checks this code itself.
 * One pending code per email; only its hash is kept.
 */
export interface PendingSignUpCode {
  /** Lower-case, as accounts are stored. */
  email: string;
  userId: string;
  codeHash: string;
  /** Seconds since the epoch: the code is refused from then on (and the item expires, TTL). */
  expiresAt: number;
  /** Tries left: each check uses one, right or wrong, so a code cannot be guessed in many tries. */
  attemptsLeft: number;
}

export interface SignUpCodes {
  /** Stores the email's pending code, replacing any earlier one. */
  put(code: PendingSignUpCode): Promise<void>;
  /** The email's pending code without using a try (to resend to its account); null when there is none. */
  peek(email: string): Promise<PendingSignUpCode | null>;
  /**
   * Uses one try of the email's pending code and answers it as it was before (to compare the hash), or null
   * when there is none or no try is left. Atomic: tries made at once cannot use more than `attemptsLeft`.
   */
  useAttempt(email: string): Promise<PendingSignUpCode | null>;
  /** Removes the email's pending code (it was used). */
  remove(email: string): Promise<void>;
}
