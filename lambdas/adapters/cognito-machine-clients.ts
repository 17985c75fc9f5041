import { grantedMachineScopes, MACHINE_TOKEN_LIFETIME_SECONDS, qualifiedScope } from '../../core/rules/machine-scopes';
import type { MachineClient } from '../../core/schemas/machine';
import { mapWithLimit } from '../concurrency/map-with-limit';
import { requireEnv } from '../env';
import type { MachineClients } from '../ports/machine-clients';
import { cognitoCall } from './aws/cognito-idp';

const pool = () => requireEnv('USER_POOL_ID');

interface AppClient {
  ClientId?: string;
  ClientName?: string;
  ClientSecret?: string;
  AllowedOAuthFlows?: string[];
  AllowedOAuthScopes?: string[];
  /** Seconds since the epoch (the JSON protocol's timestamps). */
  CreationDate?: number;
}

const isMachineClient = (client: AppClient) =>
  (client.AllowedOAuthFlows ?? []).includes('client_credentials') &&
  grantedMachineScopes((client.AllowedOAuthScopes ?? []).join(' ')).length > 0;

const toMachineClient = (client: AppClient): MachineClient => ({
  clientId: client.ClientId ?? '',
  name: client.ClientName ?? '',
  scopes: grantedMachineScopes((client.AllowedOAuthScopes ?? []).join(' ')),
  createdAt: client.CreationDate === undefined ? null : new Date(client.CreationDate * 1000).toISOString(),
});

/** Describing a pool's clients one by one: a few at a time, under Cognito's per-second quota. */
const DESCRIBES_IN_FLIGHT = 4;

/** The pool's app clients (USER_POOL_ID) of the client-credentials flow. */
export function cognitoMachineClients(): MachineClients {
  // Made only where the route names Cognito actions: the pool must be in the function's environment.
  pool();
  const describe = async (clientId: string): Promise<AppClient | null> => {
    try {
      const answer = await cognitoCall<{ UserPoolClient?: AppClient }>('DescribeUserPoolClient', {
        UserPoolId: pool(),
        ClientId: clientId,
      });
      return answer.UserPoolClient ?? null;
    } catch (error) {
      if ((error as { name?: string }).name === 'ResourceNotFoundException') return null;
      throw error;
    }
  };
  return {
    async create(name, scopes) {
      const answer = await cognitoCall<{ UserPoolClient?: AppClient }>('CreateUserPoolClient', {
        UserPoolId: pool(),
        ClientName: name,
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: scopes.map(qualifiedScope),
        AccessTokenValidity: MACHINE_TOKEN_LIFETIME_SECONDS / 3600,
        TokenValidityUnits: { AccessToken: 'hours' },
        EnableTokenRevocation: true,
      });
      const client = answer.UserPoolClient;
      if (!client?.ClientId || !client.ClientSecret) throw new Error('Cognito made the client without a secret');
      return { ...toMachineClient(client), clientSecret: client.ClientSecret };
    },
    async list() {
      const ids: string[] = [];
      let token: string | undefined;
      do {
        const page = await cognitoCall<{ UserPoolClients?: AppClient[]; NextToken?: string }>('ListUserPoolClients', {
          UserPoolId: pool(),
          MaxResults: 60,
          ...(token ? { NextToken: token } : {}),
        });
        ids.push(...(page.UserPoolClients ?? []).map((c) => c.ClientId ?? '').filter(Boolean));
        token = page.NextToken;
      } while (token);
      const described = await mapWithLimit(ids, DESCRIBES_IN_FLIGHT, describe);
      return described
        .filter((client): client is AppClient => !!client && isMachineClient(client))
        .map(toMachineClient)
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async get(clientId) {
      const client = await describe(clientId);
      return client && isMachineClient(client) ? toMachineClient(client) : null;
    },
    async remove(clientId) {
      await cognitoCall('DeleteUserPoolClient', { UserPoolId: pool(), ClientId: clientId });
    },
  };
}
