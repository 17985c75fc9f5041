import { userRoutes } from '../../../core/routes/users';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { dynamoLocks } from '../../adapters/dynamo-locks';
import { sharedSessionRevocations } from '../../adapters/dynamo-session-revocations';
import { callerOf, createHandler } from '../../http/create-handler';
import { updateUserStatus } from '../../use-cases/users/update-user-status';
import { systemClock } from '../../kernel/clock';

const directory = cognitoAdminDirectory();
const locks = dynamoLocks();

export const handler = createHandler(userRoutes.updateUserStatus, (input, ctx) =>
  updateUserStatus(callerOf(ctx), input, {
    directory,
    locks,
    // The wrapper's own cached store: this process refuses a disabled user's token at once; other Lambda
    // containers within REVOCATION_CACHE_MS (docs/decisions/0032-users-practices-and-account-numbers.md "Disabling a user").
    revocations: sharedSessionRevocations(),
    now: systemClock.now,
    log: ctx.log,
    audit: ctx.audit,
  }),
);
