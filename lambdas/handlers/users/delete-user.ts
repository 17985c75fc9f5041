import { userRoutes } from '../../../core/routes/users';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { dynamoActivityRepository } from '../../adapters/dynamo-activity-repository';
import { dynamoLocks } from '../../adapters/dynamo-locks';
import { sharedSessionRevocations } from '../../adapters/dynamo-session-revocations';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { deleteUser } from '../../use-cases/users/delete-user';
import { systemClock } from '../../kernel/clock';

const directory = cognitoAdminDirectory();
const users = dynamoUsersRepository();
const activity = dynamoActivityRepository();
const locks = dynamoLocks();

export const handler = createHandler(userRoutes.deleteUser, ({ userId }, ctx) =>
  deleteUser(callerOf(ctx), userId, {
    directory,
    users,
    activity,
    locks,
    // The wrapper's own cached store: this process refuses the user's token from this moment on.
    revocations: sharedSessionRevocations(),
    now: systemClock.now,
    log: ctx.log,
    audit: ctx.audit,
  }),
);
