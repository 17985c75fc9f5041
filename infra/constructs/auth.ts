import { Duration, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { GROUPS } from '../../core/constants';
import { PASSWORD_POLICY } from '../../core/password-policy';
import { keepLogicalId } from '../keep-logical-id';
import { removalPolicyOf } from '../removal-policy';
import { senderDomain, type StageConfig } from '../stage-config';

export interface AuthProps {
  config: StageConfig;
}

/**
 * The Cognito user pool (spec 1: email sign-in with verification by email) and the SPA's client. Roles are
 * the groups of core/constants.ts GROUPS (ARCHITECTURE "Roles"); the API reads them from the ID token.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, { config }: AuthProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: true, // spec 4 Sign-up: customers create their own account
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // A changed email only replaces the verified one once its code is confirmed.
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: 'Verify your Lenslab Portal email',
        emailBody: 'Your Lenslab Portal verification code is {####}',
      },
      standardAttributes: { email: { required: true, mutable: true } },
      // The same policy the sign-up and settings forms check as the user types.
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(3) },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: cognitoEmail(config, Stack.of(scope).region),
      deletionProtection: config.data.deletionProtection,
      removalPolicy: removalPolicyOf(config),
    });
    keepLogicalId(this.userPool, 'UserPool');

    for (const group of GROUPS) {
      this.userPool.addGroup(`Group-${group}`, { groupName: group });
    }

    this.webClient = this.userPool.addClient('WebClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP in AWS; USER_PASSWORD_AUTH is what cognito-local speaks, kept so one web build works on both.
      // Refresh-token auth is always enabled by Cognito for a client.
      authFlows: { userSrp: true, userPassword: true },
      // Sign-in failures never tell whether the email exists (ARCHITECTURE "Decisions").
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      disableOAuth: true,
      // spec 4: the SPA refreshes tokens every 55 minutes, so one-hour tokens never lapse while it runs.
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(1),
    });
  }

  /** The `iss` claim of the pool's tokens; the JWT authorizer and the handlers check it. */
  get issuer(): string {
    return `https://cognito-idp.${this.userPool.stack.region}.${this.userPool.stack.urlSuffix}/${this.userPool.userPoolId}`;
  }
}

/**
 * Who sends Cognito's codes: its built-in sender, or SES from the portal's address through the identity
 * the Email construct creates (the domain identity when the whole domain is verified).
 */
function cognitoEmail(config: StageConfig, region: string): cognito.UserPoolEmail {
  if (config.email.cognitoSender === 'cognito') return cognito.UserPoolEmail.withCognito();
  return cognito.UserPoolEmail.withSES({
    fromEmail: config.email.from,
    fromName: 'Lenslab Portal',
    sesRegion: region,
    ...(config.email.identity === 'domain' && { sesVerifiedDomain: senderDomain(config) }),
  });
}
