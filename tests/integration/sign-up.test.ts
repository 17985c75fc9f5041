import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { sdkDocumentClient } from '../support/dynamo-rows';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Group } from '../../core/constants';
import { callableEvent } from '../support/api-gateway-event';
import { SIGN_UP_CODE_SUBJECT } from '../../lambdas/adapters/ses-account-notices';
import { adminGetUser, findUserByEmail, groupsOf, uniqueEmail } from '../support/cognito-test-users';
import { codeIn, listEmails, waitForEmail } from '../support/mailbox';
import { memoryLogger } from '../support/in-memory-ports';

// Env first: the SDK clients and handlers are imported after the emulators' environment is applied.
let mod: {
  handler: typeof import('../../lambdas/handlers/auth/sign-up').handler;
  signUp: typeof import('../../lambdas/use-cases/sign-up').signUp;
  SIGN_UP_ERRORS: typeof import('../../lambdas/use-cases/sign-up').SIGN_UP_ERRORS;
  directory: import('../../lambdas/ports/user-directory').UserDirectory;
  users: import('../../lambdas/ports/users-repository').UsersRepository;
  limiter: import('../../lambdas/ports/rate-limiter').RateLimiter;
  codes: import('../../lambdas/ports/sign-up-codes').SignUpCodes;
  confirm: typeof import('../../lambdas/handlers/auth/confirm-sign-up').handler;
  resend: typeof import('../../lambdas/handlers/auth/resend-sign-up-code').handler;
  usersRow: (userId: string) => Promise<Record<string, unknown> | undefined>;
};

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  const [handlerModule, useCase, cognito, users, limiter, dynamo, codes, confirm, resend] = await Promise.all([
    import('../../lambdas/handlers/auth/sign-up'),
    import('../../lambdas/use-cases/sign-up'),
    import('../../lambdas/adapters/cognito-user-directory'),
    import('../../lambdas/adapters/dynamo-users-repository'),
    import('../../lambdas/adapters/dynamo-rate-limiter'),
    import('../../lambdas/adapters/dynamo-client'),
    import('../../lambdas/adapters/dynamo-sign-up-codes'),
    import('../../lambdas/handlers/auth/confirm-sign-up'),
    import('../../lambdas/handlers/auth/resend-sign-up-code'),
  ]);
  mod = {
    handler: handlerModule.handler,
    signUp: useCase.signUp,
    SIGN_UP_ERRORS: useCase.SIGN_UP_ERRORS,
    directory: cognito.cognitoUserDirectory(),
    users: users.dynamoUsersRepository(),
    limiter: limiter.dynamoRateLimiter(),
    codes: codes.dynamoSignUpCodes(),
    confirm: confirm.handler,
    resend: resend.handler,
    usersRow: async (userId) =>
      (await sdkDocumentClient().send(new GetCommand({ TableName: dynamo.tableName('users'), Key: { userId } }))).Item,
  };
});

const form = (email: string) => ({
  email,
  password: 'Lens!2025x',
  firstName: 'Nia',
  lastName: 'Okafor',
  termsAccepted: true,
});

async function call(data: unknown, route: 'signUp' | 'confirmSignUp' | 'resendSignUpCode' = 'signUp') {
  const handler = { signUp: mod.handler, confirmSignUp: mod.confirm, resendSignUpCode: mod.resend }[route];
  const res = await handler(callableEvent(route, { data }));
  return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
}

/** The real use case over the emulators, with one step made to fail for real. */
function signUpWith(overrides: Partial<Pick<typeof mod, 'directory' | 'users'>>, email: string) {
  const sent: string[] = [];
  return mod.signUp(
    { email, password: 'Lens!2025x', firstName: 'Nia', lastName: 'Okafor' },
    {
      directory: overrides.directory ?? mod.directory,
      users: overrides.users ?? mod.users,
      notices: { sendExistingAccountNotice: async (e) => void sent.push(e), sendSignUpCode: async () => {} },
      limiter: mod.limiter,
      codes: mod.codes,
      newCode: () => '135790',
      now: () => new Date(),
      log: memoryLogger().log,
    },
  );
}

describe('signUp against the emulators (spec 4 sign-up)', () => {
  it('creates the Cognito account in the customer group and the users record with terms accepted', async () => {
    const email = uniqueEmail('signup');
    expect(await call(form(email))).toEqual({ status: 200, body: { result: { nextStep: 'confirm-email' } } });
    const userId = await findUserByEmail(email);
    expect(userId).not.toBeNull();
    expect(await groupsOf(userId!)).toEqual(['customer']);
    const row = await mod.usersRow(userId!);
    expect(row).toMatchObject({ userId, email, firstName: 'Nia', termsAccepted: true, version: 0 });
    expect(Date.parse(String(row?.['termsAcceptedDate']))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('an email that already has an account gets the same answer and no second account', async () => {
    const email = uniqueEmail('again');
    await call(form(email));
    const first = await findUserByEmail(email);
    expect(await call({ ...form(email), password: 'Other!2025x' })).toEqual({
      status: 200,
      body: { result: { nextStep: 'confirm-email' } },
    });
    expect(await findUserByEmail(email)).toBe(first);
    // Its owner is told in the dev mailbox (the SES emulator), not the caller.
    const { emails } = (await (await fetch(`${inject('urls').ses}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
    };
    const notices = emails.filter(
      (m) => m.destination.to.includes(email) && m.subject === 'Your Lenslab Portal account',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body.text).toContain('You already have an account');
  });

  it('refuses a sign-up without accepted terms or with a weak password, creating nothing', async () => {
    const email = uniqueEmail('invalid');
    expect((await call({ ...form(email), termsAccepted: false })).status).toBe(400);
    expect((await call({ ...form(email), password: 'weak' })).status).toBe(400);
    expect(await findUserByEmail(email)).toBeNull();
  });

  /** The emulator's directory, noting the id of each account it creates. */
  const recordingDirectory = () => {
    const created: string[] = [];
    const directory = {
      ...mod.directory,
      signUp: async (account: Parameters<typeof mod.directory.signUp>[0]) => {
        const result = await mod.directory.signUp(account);
        created.push(result.userId);
        return result;
      },
    };
    return { created, directory };
  };

  it('spec 4: when setting the role fails, the account is deleted: nothing remains in Cognito or the users table', async () => {
    const email = uniqueEmail('rollback-role');
    const { created, directory: recording } = recordingDirectory();
    const directory = {
      ...recording,
      // A real failure from the emulator: the group does not exist.
      addToGroup: (userId: string) => mod.directory.addToGroup(userId, 'no-such-group' as Group),
    };
    await expect(signUpWith({ directory }, email)).rejects.toMatchObject({
      message: 'Failed to set user permissions. Please try again.',
    });
    expect(created).toHaveLength(1);
    expect(await findUserByEmail(email)).toBeNull();
    expect(await mod.usersRow(created[0]!)).toBeUndefined();
  });

  it('spec 4: when creating the profile fails, the account is deleted: nothing remains in Cognito or the users table', async () => {
    const email = uniqueEmail('rollback-profile');
    const { created, directory } = recordingDirectory();
    // A real failure from DynamoDB: the users table the Lambda is pointed at does not exist.
    const table = process.env['TABLE_USERS'];
    process.env['TABLE_USERS'] = `${table}-missing`;
    try {
      await expect(signUpWith({ directory }, email)).rejects.toMatchObject({
        message: 'Failed to create user profile. Please try again.',
      });
    } finally {
      process.env['TABLE_USERS'] = table;
    }
    expect(created).toHaveLength(1);
    expect(await findUserByEmail(email)).toBeNull();
    expect(await mod.usersRow(created[0]!)).toBeUndefined();
  });
});

describe('no account enumeration: sign-up creates the user itself and verifies the email with its own code', () => {
  const codeEmail = (email: string, except?: string) =>
    waitForEmail(inject('urls').ses, email, (e) => e.subject === SIGN_UP_CODE_SUBJECT && e.messageId !== except);

  it('the same answer for a registered and a new email; the new one gets a code, the registered owner a notice', async () => {
    const fresh = uniqueEmail('fresh');
    const registered = uniqueEmail('registered');
    await call(form(registered));
    const answers = [await call(form(fresh)), await call({ ...form(registered), password: 'Other!2025x' })];
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ status: 200, body: { result: { nextStep: 'confirm-email' } } });
    expect(codeIn(await codeEmail(fresh))).toMatch(/^\d{6}$/);
    const notice = await waitForEmail(
      inject('urls').ses,
      registered,
      (e) => e.subject === 'Your Lenslab Portal account',
    );
    expect(notice.body.text).toContain('Forgot your password?');
  });

  it('the account exists with its password and an unverified email; the emailed code verifies it, once', async () => {
    const email = uniqueEmail('verify');
    await call(form(email));
    const userId = await findUserByEmail(email);
    const user = await adminGetUser(userId!);
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.emailVerified).toBe(false);

    const code = codeIn(await codeEmail(email));
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call({ email, code: wrong }, 'confirmSignUp')).status).toBe(400);
    expect(await call({ email, code }, 'confirmSignUp')).toEqual({ status: 200, body: { result: { verified: true } } });
    expect((await adminGetUser(userId!)).emailVerified).toBe(true);
    expect((await call({ email, code }, 'confirmSignUp')).status).toBe(400);
  });

  it('"Send a new code" emails a new one to a waiting account, nothing to an unknown email, with one answer', async () => {
    const email = uniqueEmail('resend');
    await call(form(email));
    const first = await codeEmail(email);
    const unknown = uniqueEmail('unknown');
    const answers = [await call({ email }, 'resendSignUpCode'), await call({ email: unknown }, 'resendSignUpCode')];
    expect(answers[0]).toEqual(answers[1]);
    const second = await codeEmail(email, first.messageId);
    // The new code replaces the first (a random one may repeat it, one time in a million).
    if (codeIn(first) !== codeIn(second)) {
      expect((await call({ email, code: codeIn(first) }, 'confirmSignUp')).status).toBe(400);
    }
    expect((await call({ email, code: codeIn(second) }, 'confirmSignUp')).status).toBe(200);
    expect((await listEmails(inject('urls').ses)).some((e) => e.destination.to.includes(unknown))).toBe(false);
  });
});
