import { userRoutes } from '../../../core/routes/users';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { sesEmailSender } from '../../adapters/ses-email-sender';
import { portalUrl } from '../../email/email-config';
import { createHandler } from '../../http/create-handler';
import { createUser } from '../../use-cases/users/create-user';

const directory = cognitoAdminDirectory();
const users = dynamoUsersRepository();
const mailer = sesEmailSender();
const templates = dynamoEmailTemplates();

export const handler = createHandler(userRoutes.createUser, (input, ctx) =>
  createUser(input, { directory, users, mailer, templates, portalUrl: portalUrl(), log: ctx.log, audit: ctx.audit }),
);
