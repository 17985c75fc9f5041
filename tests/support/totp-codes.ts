import { totpCode } from '../../local/cognito-bridge/totp';

/**
 * Authenticator codes for tests. The Cognito bridge refuses a code the user already used while it is valid,
 * as Cognito does (docs/local-stack.md "The Cognito bridge"), and several test files sign the same demo staff
 * in within one 30-second step. So a test takes a code this process has not used yet among the three the
 * bridge accepts now (this step, the next, the one before) and, when another process used it first, the next.
 */
const used = new Map<string, Set<string>>();

/** The codes the bridge accepts now for this secret, those this process has not used yet, current step first. */
export async function freshTotpCodes(secret: string): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const codes = await Promise.all([0, 30, -30].map((delta) => totpCode(secret, now + delta)));
  const mine = used.get(secret);
  return [...new Set(codes)].filter((code) => !mine?.has(code));
}

/** Remembers that this process sent the code (whatever the answer: it is spent either way). */
export function spendTotpCode(secret: string, code: string): void {
  const mine = used.get(secret) ?? new Set<string>();
  mine.add(code);
  used.set(secret, mine);
}

/** Waits for the next 30-second step, when every code this process spent has a fresh successor. */
export const nextTotpStep = () => new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
