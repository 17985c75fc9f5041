import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { totpCode } from '../../local/cognito-bridge/totp';

/**
 * Authenticator codes for tests. The Cognito bridge refuses a code the user already used while it is valid,
 * as Cognito does (docs/local-stack.md "The Cognito bridge"), and several test files sign the same demo staff
 * in within one 30-second step, from several test processes at once. So a test takes a code no process has
 * claimed yet among the three the bridge accepts now (this step, the next, the one before). A claim is a file
 * created exclusively in a folder all the processes share, so two processes never send one code: a code sent
 * twice would count as a wrong one, and five of those lock the user out as Cognito does.
 */
const used = new Map<string, Set<string>>();
/**
 * One folder per test runner: the integration tests (Vitest) and the browser journeys (Playwright) sign in to
 * bridges of their own stacks, so a code one of them spends does not touch the other's.
 */
const CLAIMS = join(tmpdir(), 'lenslab-claimed-totp-codes', process.env['VITEST'] ? 'vitest' : 'playwright');

const claimFile = (secret: string, code: string) =>
  join(CLAIMS, createHash('sha256').update(`${secret}:${code}`).digest('hex').slice(0, 40));

/** Claims the code for this process; false when another process claimed it first. */
function claim(secret: string, code: string): boolean {
  mkdirSync(CLAIMS, { recursive: true });
  try {
    closeSync(openSync(claimFile(secret, code), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The codes the bridge accepts now for this secret that no test process has claimed yet, current step first. */
export async function freshTotpCodes(secret: string): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const codes = await Promise.all([0, 30, -30].map((delta) => totpCode(secret, now + delta)));
  const mine = used.get(secret);
  return [...new Set(codes)].filter((code) => !mine?.has(code) && !existsSync(claimFile(secret, code)));
}

/**
 * Claims the code before it is sent (whatever the answer, it is spent either way); false when another test
 * process claimed it first, and then it must not be sent.
 */
export function spendTotpCode(secret: string, code: string): boolean {
  const mine = used.get(secret) ?? new Set<string>();
  mine.add(code);
  used.set(secret, mine);
  return claim(secret, code);
}

/** Waits for the next 30-second step, when every code this process spent has a fresh successor. */
export const nextTotpStep = () => new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
