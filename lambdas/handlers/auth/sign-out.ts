import { authRoutes } from '../../../core/routes/auth';
import { cognitoSecondFactors } from '../../adapters/cognito-second-factors';
import { cognitoUserDirectory } from '../../adapters/cognito-user-directory';
import { dynamoSecondFactorRecords } from '../../adapters/dynamo-second-factor-records';
import { sharedSessionRevocations } from '../../adapters/dynamo-session-revocations';
import { callerOf, createHandler } from '../../http/create-handler';
import { signOut } from '../../use-cases/auth/sign-out';
import { systemClock } from '../../kernel/clock';

const directory = cognitoUserDirectory();
const secondFactors = { factors: cognitoSecondFactors(), records: dynamoSecondFactorRecords() };

export const handler = createHandler(authRoutes.signOut, (input, ctx) =>
  signOut(callerOf(ctx), input, {
    revocations: sharedSessionRevocations(),
    directory,
    secondFactors,
    ...systemClock,
    log: ctx.log,
  }),
);
