import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors';
import { signUpInputSchema } from '../../../../core/schemas/sign-up';
import { DirectoryError } from '../../../../lambdas/ports/user-directory';
import { SIGN_UP_ERRORS, signUp } from '../../../../lambdas/use-cases/sign-up';
import {
  confirmSignUp,
  hashSignUpCode,
  randomSignUpCode,
  resendSignUpCode,
  SIGN_UP_CODE,
  SIGN_UP_CODE_LIMITS,
  SIGN_UP_CODE_MESSAGES,
} from '../../../../lambdas/use-cases/sign-up-code';
import { failureOfKind } from '../../../support/failure-of';
import {
  InMemoryDirectory,
  InMemoryNotices,
  InMemoryRateLimiter,
  InMemorySignUpCodes,
  InMemoryUsers,
  memoryLogger,
} from '../../../support/in-memory-ports';

const NOW = new Date('2025-01-06T09:00:00.000Z');
const account = { email: 'new.fitter@practice.test', password: 'Lens!2025x', firstName: 'Nia', lastName: 'Okafor' };

function setup() {
  const directory = new InMemoryDirectory();
  const users = new InMemoryUsers();
  const notices = new InMemoryNotices();
  const { log, lines } = memoryLogger();
  const codes = new InMemorySignUpCodes();
  const limiter = new InMemoryRateLimiter();
  const deps = { directory, users, notices, limiter, codes, newCode: () => '246810', now: () => NOW, log };
  return { directory, users, notices, codes, lines, deps };
}

const failure = (promise: Promise<unknown>) => failureOfKind(promise, AppError);

describe('spec 4 sign-up', () => {
  it('creates the account, sets the customer role and creates the record with terms accepted', async () => {
    const { directory, users, deps } = setup();
    expect(await signUp(account, deps)).toEqual({ nextStep: 'confirm-email' });
    const [userId, created] = [...directory.accounts.entries()][0]!;
    expect([...created.groups]).toEqual(['customer']);
    expect(users.rows.get(userId)).toEqual({
      userId,
      email: account.email,
      firstName: 'Nia',
      lastName: 'Okafor',
      accountNumbers: [],
      termsAccepted: true,
      termsAcceptedDate: NOW.toISOString(),
      version: 0,
    });
  });

  it('spec 8: if setting the role fails, the account is deleted and "Failed to set user permissions" is shown', async () => {
    const { directory, users, deps } = setup();
    directory.failNext('addToGroup');
    const error = await failure(signUp(account, deps));
    expect(error.message).toBe('Failed to set user permissions. Please try again.');
    expect(error.status).toBe('internal');
    expect(directory.accounts.size).toBe(0);
    expect(users.rows.size).toBe(0);
  });

  it('spec 8: if creating the profile fails, the account is deleted and "Failed to create user profile" is shown', async () => {
    const { directory, users, deps } = setup();
    users.failNext('create');
    const error = await failure(signUp(account, deps));
    expect(error.message).toBe(SIGN_UP_ERRORS.profile);
    expect(directory.accounts.size).toBe(0);
    expect(users.rows.size).toBe(0);
  });

  it('spec 8: if the account itself cannot be created, "Failed to create user account" and nothing else happens', async () => {
    const { directory, users, deps } = setup();
    directory.failNext('signUp', new DirectoryError('other', 'throttled'));
    const error = await failure(signUp(account, deps));
    expect(error.message).toBe('Failed to create user account');
    expect(directory.accounts.size).toBe(0);
    expect(users.rows.size).toBe(0);
  });

  it('a failed rollback is logged for an operator and the user still sees the spec message', async () => {
    const { directory, deps, lines } = setup();
    directory.failNext('addToGroup');
    directory.failNext('deleteUser');
    const error = await failure(signUp(account, deps));
    expect(error.message).toBe(SIGN_UP_ERRORS.role);
    expect(lines.some((l) => l.includes('ROLLBACK FAILED'))).toBe(true);
  });

  it('an email that already has an account gets the same answer, nothing changes, and its owner is told by email', async () => {
    const { directory, users, notices, deps } = setup();
    await signUp(account, deps);
    const before = { accounts: directory.accounts.size, rows: users.rows.size };
    expect(await signUp({ ...account, password: 'Other!2025x' }, deps)).toEqual({ nextStep: 'confirm-email' });
    expect({ accounts: directory.accounts.size, rows: users.rows.size }).toEqual(before);
    expect(notices.sent).toEqual([account.email]);
  });

  it('sends at most one existing-account email per address per hour', async () => {
    const { notices, deps } = setup();
    await signUp(account, deps);
    await signUp(account, deps);
    await signUp(account, deps);
    expect(notices.sent).toHaveLength(1);
  });

  it('a failing existing-account email does not change the answer', async () => {
    const { notices, deps } = setup();
    await signUp(account, deps);
    notices.failNext('send');
    expect(await signUp(account, deps)).toEqual({ nextStep: 'confirm-email' });
  });

  it('a password the user pool refuses is an invalid-argument on the password field', async () => {
    const { directory, deps } = setup();
    directory.failNext('signUp', new DirectoryError('invalid-password', 'Invalid password'));
    const error = await failure(signUp(account, deps));
    expect(error.status).toBe('invalid-argument');
    expect(error.details?.fieldErrors?.['password']).toHaveLength(1);
  });
});

describe('no account enumeration: the portal emails and checks the sign-up code (the pool refuses self sign-up)', () => {
  const SOURCE_IP = '203.0.113.7';
  const confirmDeps = (ctx: ReturnType<typeof setup>, now = NOW) => ({
    codes: ctx.codes,
    directory: ctx.directory,
    limiter: ctx.deps.limiter,
    now: () => now,
  });
  const resendDeps = (ctx: ReturnType<typeof setup>, code = '135790') => ({ ...ctx.deps, newCode: () => code });
  const userIdOf = (ctx: ReturnType<typeof setup>) => [...ctx.directory.accounts.keys()][0]!;

  it('a new account gets its code by email; only its salted hash is stored', async () => {
    const ctx = setup();
    await signUp(account, ctx.deps);
    expect(ctx.notices.codes).toEqual([{ email: account.email, code: '246810' }]);
    const stored = ctx.codes.rows.get(account.email)!;
    expect(stored).toEqual({
      email: account.email,
      userId: userIdOf(ctx),
      codeHash: hashSignUpCode(userIdOf(ctx), '246810'),
      expiresAt: NOW.getTime() / 1000 + SIGN_UP_CODE.ttlSeconds,
      attemptsLeft: SIGN_UP_CODE.attempts,
    });
    expect(JSON.stringify(stored)).not.toContain('246810');
  });

  it('an email that already has an account gets no code: its owner gets the existing-account email instead', async () => {
    const ctx = setup();
    await signUp(account, ctx.deps);
    ctx.notices.codes.length = 0;
    expect(await signUp(account, ctx.deps)).toEqual({ nextStep: 'confirm-email' });
    expect(ctx.notices.codes).toEqual([]);
    expect(ctx.notices.sent).toEqual([account.email]);
  });

  it('the right code marks the email verified and is used up', async () => {
    const ctx = setup();
    await signUp(account, ctx.deps);
    expect(await confirmSignUp({ email: account.email, code: '246810' }, SOURCE_IP, confirmDeps(ctx))).toEqual({
      verified: true,
    });
    expect(ctx.directory.accounts.get(userIdOf(ctx))?.emailVerified).toBe(true);
    expect(ctx.codes.rows.size).toBe(0);
  });

  it('a wrong code, an unknown email and an expired code all get the same 400, and nothing is verified', async () => {
    const ctx = setup();
    await signUp(account, ctx.deps);
    const attempts = [
      confirmSignUp({ email: account.email, code: '000000' }, SOURCE_IP, confirmDeps(ctx)),
      confirmSignUp({ email: 'nobody@practice.test', code: '246810' }, SOURCE_IP, confirmDeps(ctx)),
      confirmSignUp(
        { email: account.email, code: '246810' },
        SOURCE_IP,
        confirmDeps(ctx, new Date(NOW.getTime() + (SIGN_UP_CODE.ttlSeconds + 1) * 1000)),
      ),
    ];
    for (const attempt of attempts) {
      const error = await failure(attempt);
      expect(error.status).toBe('invalid-argument');
      expect(error.message).toBe(SIGN_UP_CODE_MESSAGES.wrongCode);
    }
    expect(ctx.directory.accounts.get(userIdOf(ctx))?.emailVerified).toBe(false);
  });

  it('a code allows 5 tries: after 5 wrong ones the right code is refused too', async () => {
    const ctx = setup();
    await signUp(account, ctx.deps);
    for (let i = 0; i < SIGN_UP_CODE.attempts; i++) {
      await failure(confirmSignUp({ email: account.email, code: '000000' }, SOURCE_IP, confirmDeps(ctx)));
    }
    await failure(confirmSignUp({ email: account.email, code: '246810' }, SOURCE_IP, confirmDeps(ctx)));
    expect(ctx.directory.accounts.get(userIdOf(ctx))?.emailVerified).toBe(false);
  });

  it('"Send a new code" replaces the code for a waiting account, and answers the same for any other email', async () => {
    const ctx = setup();
    await signUp(account, ctx.deps);
    expect(await resendSignUpCode(account.email, SOURCE_IP, resendDeps(ctx))).toEqual({ nextStep: 'confirm-email' });
    expect(await resendSignUpCode('nobody@practice.test', SOURCE_IP, resendDeps(ctx))).toEqual({
      nextStep: 'confirm-email',
    });
    expect(ctx.notices.codes.map((c) => c.email)).toEqual([account.email, account.email]);
    await failure(confirmSignUp({ email: account.email, code: '246810' }, SOURCE_IP, confirmDeps(ctx)));
    await confirmSignUp({ email: account.email, code: '135790' }, SOURCE_IP, confirmDeps(ctx));
    expect(ctx.directory.accounts.get(userIdOf(ctx))?.emailVerified).toBe(true);
  });

  it('a verified account gets no new code', async () => {
    const ctx = setup();
    await signUp(account, ctx.deps);
    await confirmSignUp({ email: account.email, code: '246810' }, SOURCE_IP, confirmDeps(ctx));
    await resendSignUpCode(account.email, SOURCE_IP, resendDeps(ctx));
    expect(ctx.notices.codes).toHaveLength(1);
  });

  it('new codes are limited per email (429), for an unknown email as for a known one', async () => {
    for (const email of [account.email, 'nobody@practice.test']) {
      const ctx = setup();
      await signUp(account, ctx.deps);
      for (let i = 0; i < SIGN_UP_CODE_LIMITS.resendPerEmail; i++)
        await resendSignUpCode(email, SOURCE_IP, resendDeps(ctx));
      expect((await failure(resendSignUpCode(email, SOURCE_IP, resendDeps(ctx)))).status).toBe('resource-exhausted');
    }
  });

  it('a failing code email does not fail the sign-up (the page offers a new code)', async () => {
    const ctx = setup();
    ctx.notices.failNext('sendSignUpCode');
    expect(await signUp(account, ctx.deps)).toEqual({ nextStep: 'confirm-email' });
    expect(ctx.codes.rows.size).toBe(1);
  });

  it('random codes are six digits', () => {
    for (let i = 0; i < 50; i++) expect(randomSignUpCode()).toMatch(/^\d{6}$/);
  });
});

describe('sign-up input (one schema for the form and the route)', () => {
  it('requires the terms to be accepted', () => {
    const result = signUpInputSchema.safeParse({ ...account, termsAccepted: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('You must accept the Terms and Conditions');
  });

  it('applies the password policy', () => {
    const result = signUpInputSchema.safeParse({ ...account, password: 'short', termsAccepted: true });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['password']);
  });

  it('stores emails trimmed and lower-case', () => {
    const parsed = signUpInputSchema.parse({ ...account, email: '  New.Fitter@Practice.TEST ', termsAccepted: true });
    expect(parsed.email).toBe('new.fitter@practice.test');
  });
});
