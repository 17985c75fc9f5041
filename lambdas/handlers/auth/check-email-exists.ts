import { authRoutes } from '../../../core/routes/auth';
import { cognitoUserDirectory } from '../../adapters/cognito-user-directory';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { createHandler } from '../../http/create-handler';
import { checkEmailExists } from '../../use-cases/check-email-exists';

const directory = cognitoUserDirectory();
const limiter = dynamoRateLimiter();

export const handler = createHandler(authRoutes.checkEmailExists, ({ email }, ctx) =>
  checkEmailExists(email, ctx.sourceIp, { directory, limiter }),
);
