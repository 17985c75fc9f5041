/**
 * Amplify v6 Auth against the stage's Cognito user pool (option names checked against
 * @aws-amplify/core's CognitoUserPoolConfig). Locally `userPoolEndpoint` points at the Cognito emulator's
 * bridge, and the sign-in flow is USER_PASSWORD_AUTH because the emulator has no SRP (config.authFlowType).
 * Loaded on first use (amplify-auth.ts), with the session's own calls; a feature imports its other Auth calls
 * itself, after `amplifyReady()`.
 */
import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '../../../core/schemas/runtime-config';

export { fetchAuthSession, signOut } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';

export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}
