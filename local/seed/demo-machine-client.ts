import {
  CreateUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolClientsCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { MACHINE_SCOPES, qualifiedScope } from '../../core/rules/machine-scopes';

/** The seeded machine client (docs/integration.md): every scope, so the curl examples work as written. */
export const DEMO_MACHINE_CLIENT_NAME = 'Demo production software';

export interface DemoMachineClient {
  name: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The demo machine client, made once per pool and found again on every start (by name) so `npm start` can print
 * its secret: the emulator keeps it, as Cognito would, and only the local stack ever shows it again.
 */
export async function ensureDemoMachineClient(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<DemoMachineClient> {
  let clientId: string | undefined;
  let token: string | undefined;
  do {
    const page = await cognito.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60, NextToken: token }),
    );
    clientId ??= page.UserPoolClients?.find((c) => c.ClientName === DEMO_MACHINE_CLIENT_NAME)?.ClientId;
    token = page.NextToken;
  } while (token && !clientId);
  const client = clientId
    ? (await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId })))
        .UserPoolClient
    : (
        await cognito.send(
          new CreateUserPoolClientCommand({
            UserPoolId: userPoolId,
            ClientName: DEMO_MACHINE_CLIENT_NAME,
            GenerateSecret: true,
            AllowedOAuthFlows: ['client_credentials'],
            AllowedOAuthFlowsUserPoolClient: true,
            AllowedOAuthScopes: MACHINE_SCOPES.map(qualifiedScope),
          }),
        )
      ).UserPoolClient;
  if (!client?.ClientId || !client.ClientSecret) throw new Error('The demo machine client has no secret');
  return { name: DEMO_MACHINE_CLIENT_NAME, clientId: client.ClientId, clientSecret: client.ClientSecret };
}
