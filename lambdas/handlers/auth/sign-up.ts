import { authRoutes } from '../../../core/routes/auth';
import { cognitoUserDirectory } from '../../adapters/cognito-user-directory';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { sesAccountNotices } from '../../adapters/ses-account-notices';
import { createHandler } from '../../http/create-handler';
import { signUp } from '../../use-cases/sign-up';

const directory = cognitoUserDirectory();
const users = dynamoUsersRepository();
const notices = sesAccountNotices();
const limiter = dynamoRateLimiter();

export const handler = createHandler(authRoutes.signUp, ({ email, password, firstName, lastName }, ctx) =>
  signUp(
    { email, password, firstName, lastName },
    { directory, users, notices, limiter, now: () => new Date(), log: ctx.log },
  ),
);
