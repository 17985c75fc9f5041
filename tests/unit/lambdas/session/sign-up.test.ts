import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors';
import { signUpInputSchema } from '../../../../core/schemas/sign-up';
import { DirectoryError } from '../../../../lambdas/ports/user-directory';
import { SIGN_UP_ERRORS, signUp } from '../../../../lambdas/use-cases/sign-up';
import {
  InMemoryDirectory,
  InMemoryNotices,
  InMemoryRateLimiter,
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
  const deps = { directory, users, notices, limiter: new InMemoryRateLimiter(), now: () => NOW, log };
  return { directory, users, notices, lines, deps };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

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
