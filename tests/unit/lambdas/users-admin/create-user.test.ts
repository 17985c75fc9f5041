import { describe, expect, it } from 'vitest';
import { createUserInputSchema } from '../../../../core/schemas/users/user-admin';
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
  const deps = { ...world.deps, mailer: world.mailer, templates, portalUrl: 'https://portal.lab.test' };
  return { ...world, templates, deps };
}

describe('createUser (spec 6/7)', () => {
  it('creates the account with its password, the role groups, the users record, and sends the invitation', async () => {
    const { directory, users, mailer, deps } = setup();
    const { userId, invitationSent } = await createUser(input({ isSuperAdmin: true, firstName: 'Ines' }), deps);
    expect(invitationSent).toBe(true);
    expect(directory.groupList(userId)).toEqual(['admin', 'superadmin']);
    expect(directory.accounts.get(userId)).toMatchObject({ email: 'new.admin@lab.test', password: 'Invite!2025x' });
    expect(users.rows.get(userId)).toMatchObject({ role: 'admin', isSuperAdmin: true, firstName: 'Ines', version: 0 });
    expect(mailer.sent[0]).toMatchObject({ to: ['new.admin@lab.test'] });
    expect(mailer.sent[0]?.html).toContain('https://portal.lab.test');
  });

  it('the invitation is the saved user-invited template; the built-in one if the store fails', async () => {
    const { templates, mailer, deps } = setup();
    await templates.save(
      'user-invited',
      { subject: 'Welcome {{firstName}}', body: 'Hi {{firstName}}, sign in as {{email}} at {{portalUrl}}' },
      0,
      '2025-03-03T10:00:00.000Z',
    );
    await createUser(input({ firstName: '<b>Ines</b>' }), deps);
    expect(mailer.sent[0]).toMatchObject({
      subject: 'Welcome <b>Ines</b>',
      text: 'Hi <b>Ines</b>, sign in as new[.]admin@lab[.]test at https://portal.lab.test',
    });
    expect(mailer.sent[0]?.html).toContain('&lt;b&gt;Ines');

    templates.failGets = true;
    await createUser(input({ email: 'second@lab.test' }), deps);
    expect(mailer.sent[1]).toMatchObject({ subject: 'You are invited to the Lenslab Portal' });
    expect(mailer.sent[1]?.text).toContain('Hello there,');
  });

  it('a customer gets the customer group only', async () => {
    const { directory, deps } = setup();
    const { userId } = await createUser(input({ role: 'customer' }), deps);
    expect(directory.groupList(userId)).toEqual(['customer']);
  });

  it.each(['setPassword', 'addToGroup'] as const)(
    'if %s fails, the new account is deleted: no user without a role or record remains',
    async (step) => {
      const { directory, users, mailer, deps } = setup();
      directory.failNext(step);
      const error = await failureOf(createUser(input(), deps));
      expect(error).toMatchObject({ status: 'internal', message: 'Failed to create user account' });
      expect([...directory.accounts.keys()]).toEqual(['caller']);
      expect(users.rows.size).toBe(0);
      expect(mailer.sent).toEqual([]);
    },
  );

  it('if the users record fails, the account is deleted; a failed rollback is logged for an operator', async () => {
    const { directory, users, lines, deps } = setup();
    users.failNext('create');
    directory.failNext('deleteUser');
    await failureOf(createUser(input(), deps));
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

  it('the account stays when only the invitation fails: invitationSent is false', async () => {
    const { directory, mailer, deps } = setup();
    mailer.failNext('send');
    const { userId, invitationSent } = await createUser(input(), deps);
    expect(invitationSent).toBe(false);
    expect(directory.accounts.has(userId)).toBe(true);
  });

  it('the schema: only admins can be super admins; the password policy applies; unknown keys are refused', () => {
    expect(createUserInputSchema.safeParse({ ...input(), role: 'customer', isSuperAdmin: true }).success).toBe(false);
    expect(createUserInputSchema.safeParse({ ...input(), password: 'password' }).success).toBe(false);
    expect(createUserInputSchema.safeParse({ ...input(), accountNumber: 'BV-1001' }).success).toBe(false);
  });
});
