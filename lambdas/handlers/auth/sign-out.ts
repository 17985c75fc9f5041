import { authRoutes } from '../../../core/routes/auth';
import { cognitoUserDirectory } from '../../adapters/cognito-user-directory';
import { sharedSessionRevocations } from '../../adapters/dynamo-session-revocations';
import { callerOf, createHandler } from '../../http/create-handler';
import { signOut } from '../../use-cases/auth/sign-out';
import { systemClock } from '../../kernel/clock';

const directory = cognitoUserDirectory();

export const handler = createHandler(authRoutes.signOut, (input, ctx) =>
  signOut(callerOf(ctx), input, {
    revocations: sharedSessionRevocations(),
    directory,
    ...systemClock,
    log: ctx.log,
  }),
);
