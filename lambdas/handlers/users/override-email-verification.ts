import { userRoutes } from '../../../core/routes/users';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { createHandler } from '../../http/create-handler';
import { overrideEmailVerification } from '../../use-cases/users/override-email-verification';

const directory = cognitoAdminDirectory();

export const handler = createHandler(userRoutes.overrideEmailVerification, ({ userId }, ctx) =>
  overrideEmailVerification(userId, directory, ctx.audit),
);
