import { signIn } from 'aws-amplify/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAfterSignUp } from '../../web/src/features/auth/api/sign-in';
import { holdSignUpPassword, takeSignUpPassword } from '../../web/src/features/auth/model/sign-up-hand-off';
import { setRuntimeConfig } from '../../web/src/lib/runtime-config';
import { TEST_CONFIG } from './support/fake-session';

/**
 * A new user goes on signed in after the emailed sign-up code, without typing the password again: the password
 * from the sign-up form is held in memory for that one sign-in. Amplify is faked; the hand-off is the real one.
 */
vi.mock('aws-amplify/auth', () => ({ signIn: vi.fn() }));
vi.mock('../../web/src/lib/amplify-auth', async (original) => ({
  ...(await original<typeof import('../../web/src/lib/amplify-auth')>()),
  amplifyReady: () => Promise.resolve(),
}));

const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as never;

beforeEach(() => {
  vi.clearAllMocks();
  setRuntimeConfig(TEST_CONFIG);
  takeSignUpPassword('');
});

describe('the sign-up password hand-off (memory only, taken once)', () => {
  it('gives the password to the email it was typed for, however the email is cased or padded, and only once', () => {
    holdSignUpPassword('Riley@New-Practice.test', 'Brand!New2025');
    expect(takeSignUpPassword('  riley@new-practice.test ')).toBe('Brand!New2025');
    expect(takeSignUpPassword('riley@new-practice.test')).toBeNull();
  });

  it('gives nothing to another email, and forgets the password after that try', () => {
    holdSignUpPassword('riley@new-practice.test', 'Brand!New2025');
    expect(takeSignUpPassword('someone@else.test')).toBeNull();
    expect(takeSignUpPassword('riley@new-practice.test')).toBeNull();
  });

  it('keeps the password out of browser storage', () => {
    holdSignUpPassword('riley@new-practice.test', 'Brand!New2025');
    const stored = [localStorage, sessionStorage].flatMap((store) =>
      Object.keys(store).map((key) => store.getItem(key) ?? ''),
    );
    expect(stored.some((value) => value.includes('Brand!New2025'))).toBe(false);
  });
});

describe('signing in right after the sign-up code', () => {
  it('signs in with the held password and the stage sign-in flow, and reports a finished sign-in', async () => {
    vi.mocked(signIn).mockResolvedValue(done);
    holdSignUpPassword('riley@new-practice.test', 'Brand!New2025');
    await expect(signInAfterSignUp('Riley@new-practice.test')).resolves.toBe(true);
    expect(signIn).toHaveBeenCalledWith({
      username: 'riley@new-practice.test',
      password: 'Brand!New2025',
      options: { authFlowType: TEST_CONFIG.authFlowType },
    });
  });

  it('does not try when nothing is held (the page was reloaded): the caller sends the user to sign in', async () => {
    await expect(signInAfterSignUp('riley@new-practice.test')).resolves.toBe(false);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('reports an unfinished sign-in (another step asked) as not signed in', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } } as never);
    holdSignUpPassword('riley@new-practice.test', 'Brand!New2025');
    await expect(signInAfterSignUp('riley@new-practice.test')).resolves.toBe(false);
  });
});
