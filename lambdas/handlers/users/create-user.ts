import { userRoutes } from '../../../core/routes/users';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { portalUrl } from '../../email/email-config';
import { createHandler } from '../../http/create-handler';
import { createUser } from '../../use-cases/users/create-user';
import { systemClock } from '../../kernel/clock';

const directory = cognitoAdminDirectory();
const users = dynamoUsersRepository();
const templates = dynamoEmailTemplates();

export const handler = createHandler(userRoutes.createUser, (input, ctx) =>
  createUser(input, {
    directory,
    users,
    templates,
    portalUrl: portalUrl(),
    now: systemClock.now,
    log: ctx.log,
    audit: ctx.audit,
  }),
);
