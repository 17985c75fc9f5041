import { userRoutes } from '../../../core/routes/users';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { dynamoLocks } from '../../adapters/dynamo-locks';
import { sharedSessionRevocations } from '../../adapters/dynamo-session-revocations';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { createHandler } from '../../http/create-handler';
import { setRole } from '../../use-cases/users/set-role';
import { systemClock } from '../../kernel/clock';

const directory = cognitoAdminDirectory();
const users = dynamoUsersRepository();
const locks = dynamoLocks();

export const handler = createHandler(userRoutes.setRole, (input, ctx) =>
  setRole(input, {
    directory,
    users,
    locks,
    revocations: sharedSessionRevocations(),
    now: systemClock.now,
    log: ctx.log,
    audit: ctx.audit,
  }),
);
