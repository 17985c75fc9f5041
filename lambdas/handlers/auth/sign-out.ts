import { authRoutes } from '../../../core/routes/auth';
import { cognitoUserDirectory } from '../../adapters/cognito-user-directory';
import { sharedSessionRevocations } from '../../adapters/dynamo-session-revocations';
import { callerOf, createHandler } from '../../http/create-handler';
import { signOut } from '../../use-cases/sign-out';

const directory = cognitoUserDirectory();

export const handler = createHandler(authRoutes.signOut, (_input, ctx) =>
  signOut(callerOf(ctx), { revocations: sharedSessionRevocations(), directory, now: Date.now, log: ctx.log }),
);
