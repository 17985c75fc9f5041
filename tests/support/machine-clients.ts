/**
 * Machine clients of the local stack for integration tests (docs/decisions/0104-machine-api.md): an app client of
 * the emulated pool with a secret, the client-credentials flow and the chosen scopes, as createMachineClient makes
 * it, and its token from the Cognito bridge's `/oauth2/token`. Apply the emulators' environment first.
 */
import { CognitoIdentityProviderClient, CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { qualifiedScope, type MachineScope } from '../../core/rules/machine-scopes';

let client: CognitoIdentityProviderClient | undefined;
const cognito = () => (client ??= new CognitoIdentityProviderClient({}));

export interface TestMachineClient {
  clientId: string;
  clientSecret: string;
}

export async function createTestMachineClient(scopes: MachineScope[]): Promise<TestMachineClient> {
  const created = await cognito().send(
    new CreateUserPoolClientCommand({
      UserPoolId: process.env['USER_POOL_ID'],
      ClientName: `machine-${randomUUID().slice(0, 8)}`,
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: scopes.map(qualifiedScope),
    }),
  );
  const { ClientId, ClientSecret } = created.UserPoolClient ?? {};
  if (!ClientId || !ClientSecret) throw new Error('The emulator made no client secret');
  return { clientId: ClientId, clientSecret: ClientSecret };
}

/** The token endpoint's answer to a client-credentials request (status and JSON body). */
export async function requestMachineToken(machine: TestMachineClient, scope?: string) {
  const bridge = process.env['AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'] ?? '';
  const res = await fetch(`${bridge}/oauth2/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${machine.clientId}:${machine.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A machine client with these scopes and its access token. */
export async function machineToken(scopes: MachineScope[]): Promise<string> {
  const answer = await requestMachineToken(await createTestMachineClient(scopes));
  if (answer.status !== 200) throw new Error(`No machine token: ${JSON.stringify(answer.body)}`);
  return String(answer.body['access_token']);
}
