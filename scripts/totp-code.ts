/**
 * Prints the current authenticator code of a demo lab staff login (docs/local-stack.md
 * "Demo data"), for signing in to the local portal without an authenticator app:
 *
 *   npx tsx scripts/totp-code.ts superadmin     (or: admin, an email, or a base32 secret)
 *
 * Codes change every 30 seconds; the script says how long this one has left.
 */
import { DEMO_USERS } from '../local/seed/demo-data';
import { totpCode } from '../local/cognito-bridge/totp';

const STEP_SECONDS = 30;

async function main(): Promise<void> {
  const wanted = (process.argv[2] ?? 'superadmin').trim();
  const staff = DEMO_USERS.filter((u) => u.totpSecret);
  const user = staff.find(
    (u) => u.key.toLowerCase() === wanted.toLowerCase() || u.email.toLowerCase() === wanted.toLowerCase(),
  );
  const secret = user?.totpSecret ?? (/^[A-Z2-7]{32,}$/.test(wanted) ? wanted : undefined);
  if (!secret) {
    console.error(`No demo staff login "${wanted}". Known: ${staff.map((u) => u.key.toLowerCase()).join(', ')}.`);
    process.exit(1);
  }
  const left = STEP_SECONDS - (Math.floor(Date.now() / 1000) % STEP_SECONDS);
  console.info(`${await totpCode(secret)}  (${user ? user.email : 'secret'}; valid for ${left} more seconds)`);
}

void main();
