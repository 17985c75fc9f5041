import { authRoutes } from '../../../core/routes/auth';
import { cognitoUserDirectory } from '../../adapters/cognito-user-directory';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { dynamoSignUpCodes } from '../../adapters/dynamo-sign-up-codes';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { sesAccountNotices } from '../../adapters/ses-account-notices';
import { createHandler } from '../../http/create-handler';
import { signUp } from '../../use-cases/auth/sign-up';
import { randomSignUpCode } from '../../use-cases/auth/sign-up-code';
import { systemClock } from '../../kernel/clock';

const directory = cognitoUserDirectory();
const users = dynamoUsersRepository();
const notices = sesAccountNotices();
const limiter = dynamoRateLimiter();
const codes = dynamoSignUpCodes();

export const handler = createHandler(authRoutes.signUp, ({ email, password, firstName, lastName }, ctx) =>
  signUp(
    { email, password, firstName, lastName },
    { directory, users, notices, limiter, codes, newCode: randomSignUpCode, now: systemClock.now, log: ctx.log },
  ),
);
