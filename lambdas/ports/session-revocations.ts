/**
 * Server-side ends of sessions (docs/decisions/0007-server-side-sign-out.md,
 * docs/decisions/0019-sign-out-per-device.md): every token of a user authenticated at or before `revokedAt` is
 * refused, and so is every token of an ended session.
 */
export interface SessionRevocations {
  /** Records that the user's sessions up to `revokedAt` (seconds) ended; the record may go at `expiresAt`. */
  revoke(userId: string, revokedAt: number, expiresAt: number): Promise<void>;
  /** Seconds since epoch of the latest revocation, or null. */
  revokedAt(userId: string): Promise<number | null>;
  /** Ends one session (a token family's `origin_jti`); the record may go at `expiresAt` (seconds). */
  endSession(sessionId: string, expiresAt: number): Promise<void>;
  /** True once `endSession` recorded this session. */
  sessionEnded(sessionId: string): Promise<boolean>;
}
