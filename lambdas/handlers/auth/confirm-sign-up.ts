import { authRoutes } from '../../../core/routes/auth';
import { cognitoUserDirectory } from '../../adapters/cognito-user-directory';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { dynamoSignUpCodes } from '../../adapters/dynamo-sign-up-codes';
import { createHandler } from '../../http/create-handler';
import { confirmSignUp } from '../../use-cases/auth/sign-up-code';
import { systemClock } from '../../kernel/clock';

const directory = cognitoUserDirectory();
const limiter = dynamoRateLimiter();
const codes = dynamoSignUpCodes();

export const handler = createHandler(authRoutes.confirmSignUp, (input, ctx) =>
  confirmSignUp(input, ctx.sourceIp, { codes, directory, limiter, now: systemClock.now }),
);
