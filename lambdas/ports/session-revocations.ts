/** Server-side ends of sessions: every token authenticated at or before `revokedAt` is refused. */
export interface SessionRevocations {
  /** Records that the user's sessions up to `revokedAt` (seconds) ended; the record may go at `expiresAt`. */
  revoke(userId: string, revokedAt: number, expiresAt: number): Promise<void>;
  /** Seconds since epoch of the latest revocation, or null. */
  revokedAt(userId: string): Promise<number | null>;
}
