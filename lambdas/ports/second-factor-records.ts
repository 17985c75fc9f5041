/**
 * When a user's second factor last changed, as the server saw it
 * (docs/decisions/0101-staff-second-factor-recorded.md): a staff token signed in at or before that time is
 * refused, so the only staff sessions left are ones that passed the current authenticator.
 */
export interface SecondFactorChange {
  /** Seconds since epoch. */
  changedAt: number;
  /** True after a set-up (or replacement), false after a removal. */
  totp: boolean;
}

export interface SecondFactorRecords {
  /** The latest recorded change, or null for a user never recorded. */
  latest(userId: string): Promise<SecondFactorChange | null>;
  /** Records a change made through the portal; an earlier change arriving late never replaces a later one. */
  record(userId: string, change: SecondFactorChange): Promise<void>;
  /**
   * Records a set-up first seen at `at` (seconds), unless one is already recorded: the user has never been
   * recorded, or their last recorded change was a removal. Answers the change that holds afterwards.
   */
  recordSetUpSeen(userId: string, at: number): Promise<SecondFactorChange>;
}
