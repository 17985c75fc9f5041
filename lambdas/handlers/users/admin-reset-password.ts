import { userRoutes } from '../../../core/routes/users';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { sharedSessionRevocations } from '../../adapters/dynamo-session-revocations';
import { callerOf, createHandler } from '../../http/create-handler';
import { adminResetPassword } from '../../use-cases/users/admin-reset-password';
import { systemClock } from '../../kernel/clock';

const directory = cognitoAdminDirectory();

export const handler = createHandler(userRoutes.adminResetPassword, (input, ctx) =>
  adminResetPassword(callerOf(ctx), input, {
    directory,
    revocations: sharedSessionRevocations(),
    now: systemClock.now,
    log: ctx.log,
    audit: ctx.audit,
  }),
);
