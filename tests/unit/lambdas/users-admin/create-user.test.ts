import { describe, expect, it } from 'vitest';
import { createUserInputSchema } from '../../../../core/schemas/users/user-admin';
import type { StoredEmail } from '../../../../lambdas/email/safe-email';
import { DirectoryError } from '../../../../lambdas/ports/user-directory';
import { createUser } from '../../../../lambdas/use-cases/users/create-user';
import { InMemoryEmailTemplates } from '../../../support/email-fakes';
import { failureOf } from '../../../support/failure-of';
import { usersAdminWorld } from './fixtures';

const input = (extra: Record<string, unknown> = {}) =>
  createUserInputSchema.parse({ email: 'New.Admin@Lab.test', password: 'Invite!2025x', role: 'admin', ...extra });

function setup() {
  const world = usersAdminWorld();
  const templates = new InMemoryEmailTemplates();
  const deps = { ...world.deps, templates, portalUrl: 'https://portal.lab.test' };
  /** The emails stored in the outbox with the users records, oldest first. */
  const queued = () => world.users.outbox.notices<StoredEmail>('email');
  return { ...world, templates, deps, queued };
}

describe('createUser (spec 6/7)', () => {
  it('creates the account with its password, the role groups, and the users record with the invitation', async () => {
    const { directory, users, queued, deps } = setup();
    const { userId, invitationSent } = await createUser(input({ isSuperAdmin: true, firstName: 'Ines' }), deps);
    expect(invitationSent).toBe(true);
    expect(directory.groupList(userId)).toEqual(['admin', 'superadmin']);
    expect(directory.accounts.get(userId)).toMatchObject({ email: 'new.admin@lab.test', password: 'Invite!2025x' });
    expect(users.rows.get(userId)).toMatchObject({ role: 'admin', isSuperAdmin: true, firstName: 'Ines', version: 0 });
    expect(queued()[0]).toMatchObject({ to: ['new.admin@lab.test'] });
    expect(queued()[0]?.html).toContain('https://portal.lab.test');
  });

  it('the invitation is the saved user-invited template; the built-in one if the store fails', async () => {
    const { templates, queued, deps } = setup();
    await templates.save(
      'user-invited',
      { subject: 'Welcome {{firstName}}', body: 'Hi {{firstName}}, sign in as {{email}} at {{portalUrl}}' },
      0,
      '2025-03-03T10:00:00.000Z',
    );
    await createUser(input({ firstName: '<b>Ines</b>' }), deps);
    expect(queued()[0]).toMatchObject({
      subject: 'Welcome <b>Ines</b>',
      text: 'Hi <b>Ines</b>, sign in as new[.]admin@lab[.]test at https://portal.lab.test',
    });
    expect(queued()[0]?.html).toContain('&lt;b&gt;Ines');

    templates.failGets = true;
    await createUser(input({ email: 'second@lab.test' }), deps);
    expect(queued()[1]).toMatchObject({ subject: 'You are invited to the Lenslab Portal' });
    expect(queued()[1]?.text).toContain('Hello there,');
  });

  it('a customer gets the customer group only', async () => {
    const { directory, deps } = setup();
    const { userId } = await createUser(input({ role: 'customer' }), deps);
    expect(directory.groupList(userId)).toEqual(['customer']);
  });

  it.each(['setPassword', 'addToGroup'] as const)(
    'if %s fails, the new account is deleted: no user without a role or record remains',
    async (step) => {
      const { directory, users, queued, deps } = setup();
      directory.failNext(step);
      const error = await failureOf(createUser(input(), deps));
      expect(error).toMatchObject({ status: 'internal', message: 'Failed to create user account' });
      expect([...directory.accounts.keys()]).toEqual(['caller']);
      expect(users.rows.size).toBe(0);
      expect(queued()).toEqual([]);
    },
  );

  it('if the users record fails, the account is deleted and no invitation is stored; a failed rollback is logged for an operator', async () => {
    const { directory, users, queued, lines, deps } = setup();
    users.failNext('create');
    directory.failNext('deleteUser');
    await failureOf(createUser(input(), deps));
    expect(queued()).toEqual([]);
    expect(lines.some((l) => l.includes('ROLLBACK FAILED'))).toBe(true);
  });

  it('an email that has an account is a 409, a password Cognito refuses a 400', async () => {
    const { directory, deps } = setup();
    directory.seed({ email: 'new.admin@lab.test' });
    expect(await failureOf(createUser(input(), deps))).toMatchObject({
      status: 'aborted',
      message: 'A user with this email already exists.',
    });
    directory.failNext('createUser', new DirectoryError('invalid-password', 'policy'));
    expect((await failureOf(createUser(input({ email: 'other@lab.test' }), deps))).status).toBe('invalid-argument');
  });

  it('an invitation that cannot be composed safely is left out and logged: the user is made, invitationSent is false', async () => {
    const { directory, users, templates, queued, lines, deps } = setup();
    await templates.save(
      'user-invited',
      { subject: 'Hi\r\nBcc: x@evil.test', body: 'x' },
      0,
      '2025-03-03T10:00:00.000Z',
    );
    const { userId, invitationSent } = await createUser(input(), deps);
    expect(invitationSent).toBe(false);
    expect(directory.accounts.has(userId)).toBe(true);
    expect(users.rows.has(userId)).toBe(true);
    expect(queued()).toEqual([]);
    expect(lines.some((l) => l.includes('cannot be composed safely'))).toBe(true);
  });

  it('the schema: only admins can be super admins; the password policy applies; unknown keys are refused', () => {
    expect(createUserInputSchema.safeParse({ ...input(), role: 'customer', isSuperAdmin: true }).success).toBe(false);
    expect(createUserInputSchema.safeParse({ ...input(), password: 'password' }).success).toBe(false);
    expect(createUserInputSchema.safeParse({ ...input(), accountNumber: 'BV-1001' }).success).toBe(false);
  });
});
