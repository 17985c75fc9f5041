import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  GroupExistsException,
  ListGroupsCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
  type TokenValidityUnitsType,
} from '@aws-sdk/client-cognito-identity-provider';
import { GROUPS } from '../../core/constants';
import { PASSWORD_POLICY } from '../../core/password-policy';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../emulators/local-credentials';

export interface UserPoolIds {
  userPoolId: string;
  clientId: string;
}

/**
 * Token lifetimes of the CDK WebClient (infra/constructs/auth.ts): one-hour ID and access tokens, so the
 * SPA's refresh (spec 4, every 55 minutes, through the bridge's refresh rule) runs locally as it does in AWS.
 */
const TOKEN_VALIDITY = {
  IdTokenValidity: 1,
  AccessTokenValidity: 1,
  RefreshTokenValidity: 1,
  TokenValidityUnits: { IdToken: 'hours', AccessToken: 'hours', RefreshToken: 'days' } satisfies TokenValidityUnitsType,
};

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/**
 * The user pool, web client and groups, shaped like the CDK Auth construct's (email sign-in, the shared
 * password policy, groups customer/admin/superadmin). Reuses the pool recorded from an earlier start.
 */
export async function provisionUserPool(
  client: CognitoIdentityProviderClient,
  existing: UserPoolIds | undefined,
): Promise<UserPoolIds> {
  if (existing) {
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: existing.userPoolId }));
      // Keeps a pool made by an older version of this script in line with the current client settings.
      await client.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: existing.userPoolId,
          ClientId: existing.clientId,
          ...TOKEN_VALIDITY,
        }),
      );
      await createGroups(client, existing.userPoolId);
      await setMfaConfig(client, existing.userPoolId);
      return existing;
    } catch {
      // The recorded pool is gone (cognito data wiped by hand): create a new one.
    }
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'lenslab-portal-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
    }),
  );
  const userPoolId = UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local did not return a pool id');
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      ...TOKEN_VALIDITY,
    }),
  );
  const clientId = UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local did not return a client id');
  await createGroups(client, userPoolId);
  await setMfaConfig(client, userPoolId);
  return { userPoolId, clientId };
}

/**
 * MFA as in AWS (infra/constructs/auth.ts): OPTIONAL, authenticator apps only. The Cognito bridge keeps the
 * authenticators and asks for their codes itself (local/cognito-bridge/rules/totp-mfa-rule.ts); this setting
 * makes DescribeUserPool / GetUserPoolMfaConfig tell the truth.
 */
async function setMfaConfig(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
}

/** Creates only the missing groups: cognito-local's CreateGroup on an existing group empties it. */
async function createGroups(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  const { Groups } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  const existing = new Set((Groups ?? []).map((g) => g.GroupName));
  for (const group of GROUPS.filter((g) => !existing.has(g))) {
    try {
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
    } catch (error) {
      if (!(error instanceof GroupExistsException)) throw error;
    }
  }
}
