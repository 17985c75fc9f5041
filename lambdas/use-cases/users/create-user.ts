import { ACCOUNT_MESSAGES, FORM_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import type { Group } from '../../../core/constants';
import { aborted, AppError, invalidArgument } from '../../../core/errors';
import type { createUserInputSchema } from '../../../core/schemas/users/user-admin';
import { groupsForRole } from '../../../core/schemas/users/user-role';
import { templateOrDefault, userInvitedValues } from '../../email/account-email-values';
import { templateEmail } from '../../email/render-template';
import { emailNoticeIfSafe } from '../../email/email-notice';
import type { Logger } from '../../ports/logger';
import type { AdminDirectory } from '../../ports/admin-directory';
import type { AuditTrail } from '../../ports/audit-log';
import type { EmailTemplates } from '../../ports/email-templates';
import { DirectoryError } from '../../ports/user-directory';
import type { UsersRepository } from '../../ports/users-repository';
import { describeError } from '../../../core/describe-error';
import type { Clock } from '../../kernel/clock';

export const CREATE_USER_ERRORS = {
  emailTaken: 'A user with this email already exists.',
  failed: ACCOUNT_MESSAGES.createUserFailed,
  password: ACCOUNT_MESSAGES.passwordPolicy,
} as const;

export interface CreateUserDeps extends Pick<Clock, 'now'> {
  directory: Pick<AdminDirectory, 'createUser' | 'setPassword' | 'addToGroup' | 'deleteUser'>;
  users: Pick<UsersRepository, 'create'>;
  /** The `user-invited` template (Email Management). */
  templates: Pick<EmailTemplates, 'get'>;
  portalUrl: string | null;
  log: Logger;
  /** The request's audit trail (handlers pass `ctx.audit`). */
  audit?: AuditTrail;
}

/**
 * spec 6/7 createUser (super admins): the account with its password, its role's groups and its users
 * record, and an invitation email with the portal's address. If a step after the account fails, the
 * account is deleted again, so no user is left without a role or a record. The account is Cognito's, which
 * has no transaction with DynamoDB, so the invitation is stored with the users record that follows it: a user
 * with a record has their invitation queued (`invitationSent`), one whose record failed has neither.
 * `invitationSent: false` (an invitation that could not be composed) tells the admin to pass the word on.
 */
export async function createUser(
  input: z.output<typeof createUserInputSchema>,
  deps: CreateUserDeps,
): Promise<{ userId: string; invitationSent: boolean }> {
  const template = await templateOrDefault(deps.templates, 'user-invited', deps.log);
  const values = userInvitedValues({ email: input.email, firstName: input.firstName, portalUrl: deps.portalUrl });
  const invitation = emailNoticeIfSafe(deps, { kind: 'user-invited' }, () =>
    templateEmail(input.email, template, values),
  );

  let userId: string;
  try {
    ({ userId } = await deps.directory.createUser(input));
  } catch (error) {
    if (error instanceof DirectoryError && error.kind === 'email-taken') throw aborted(CREATE_USER_ERRORS.emailTaken);
    if (error instanceof DirectoryError && error.kind === 'invalid-password')
      throw invalidArgument(FORM_MESSAGES.invalidFields, { password: [CREATE_USER_ERRORS.password] });
    deps.log.error('createUser: account creation failed', { error: describeError(error) });
    throw new AppError('internal', CREATE_USER_ERRORS.failed);
  }

  const groups: Group[] = groupsForRole(input.role, input.isSuperAdmin);
  try {
    await deps.directory.setPassword(userId, input.password);
    for (const group of groups) await deps.directory.addToGroup(userId, group);
    await deps.users.create(
      {
        userId,
        email: input.email,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        accountNumbers: [],
        termsAccepted: false,
        role: input.role,
        isSuperAdmin: input.isSuperAdmin,
        version: 0,
      },
      invitation,
    );
  } catch (error) {
    deps.log.error('createUser: a step after the account failed, deleting it', { userId, error: describeError(error) });
    try {
      await deps.directory.deleteUser(userId);
    } catch (rollbackError) {
      deps.log.error('createUser: ROLLBACK FAILED, account left half-made', {
        userId,
        error: describeError(rollbackError),
      });
    }
    if (error instanceof DirectoryError && error.kind === 'invalid-password')
      throw invalidArgument(FORM_MESSAGES.invalidFields, { password: [CREATE_USER_ERRORS.password] });
    throw new AppError('internal', CREATE_USER_ERRORS.failed);
  }

  await deps.audit?.recordChange({
    action: 'user.create',
    target: { type: 'user', id: userId },
    after: { userId, email: input.email, role: input.role, isSuperAdmin: input.isSuperAdmin, groups },
  });

  return { userId, invitationSent: invitation.length > 0 };
}
