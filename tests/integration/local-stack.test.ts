import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TABLES, tableEnvVar, type TableName } from '../../core/data/tables';
import { codeIn, waitForEmail } from '../support/mailbox';
import { createTestUser, uniqueEmail } from '../support/cognito-test-users';

const env = inject('env');
const urls = inject('urls');
const demo = (key: string) => {
  const user = inject('demoUsers').find((u) => u.key === key);
  if (!user) throw new Error(`no demo user ${key}`);
  return user;
};
let cognito: CognitoIdentityProviderClient;
const clientId = env.USER_POOL_CLIENT_ID!;

beforeAll(() => {
  Object.assign(process.env, env);
  cognito = new CognitoIdentityProviderClient({});
});

async function signIn(email: string, password: string) {
  const answer = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return answer.AuthenticationResult!;
}

async function call(name: string, body: unknown, token?: string) {
  const res = await fetch(`${urls.api}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field below
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('local stack provisioning from the shared definitions (core/data/tables.ts)', () => {
  it('creates every table with its keys, indexes and TTL', async () => {
    const dynamo = new DynamoDBClient({});
    for (const [name, def] of Object.entries(TABLES) as [TableName, (typeof TABLES)[TableName]][]) {
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: env[tableEnvVar(name)] }));
      expect(Table?.KeySchema?.[0]?.AttributeName).toBe(def.partitionKey.name);
      const indexes = (Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort();
      expect(indexes).toEqual(('indexes' in def ? def.indexes.map((i) => i.indexName) : []).sort());
    }
  });
});

describe('Cognito bridge against the real cognito-local', () => {
  it('refreshes tokens the way Amplify v6 asks (GetTokensFromRefreshToken)', async () => {
    const user = demo('admin');
    const first = await signIn(user.email, user.password);
    const refreshed = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: first.RefreshToken! }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).toMatch(/^ey/);
  });

  it('refuses sign-in of a disabled user, and allows it again once enabled', async () => {
    const user = await createTestUser(['customer']);
    await cognito.send(new AdminDisableUserCommand({ UserPoolId: env.USER_POOL_ID, Username: user.userId }));
    await expect(signIn(user.email, user.password)).rejects.toBeInstanceOf(NotAuthorizedException);
    await cognito.send(new AdminEnableUserCommand({ UserPoolId: env.USER_POOL_ID, Username: user.userId }));
    expect((await signIn(user.email, user.password)).IdToken).toBeTruthy();
  });

  it('enforces the password policy on sign-up', async () => {
    await expect(
      cognito.send(new SignUpCommand({ ClientId: clientId, Username: uniqueEmail('weak'), Password: 'password' })),
    ).rejects.toBeInstanceOf(InvalidPasswordException);
  });

  it('delivers the sign-up code to the mailbox, resends it, and the code confirms the account', async () => {
    const email = uniqueEmail('signup');
    await cognito.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: 'Lenslab!New1',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const first = await waitForEmail(urls.ses, email, (e) => e.subject.includes('verification code'));
    await cognito.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));
    await waitForEmail(urls.ses, email, (e) => e.messageId !== first.messageId);
    await cognito.send(
      new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: codeIn(first) }),
    );
    const { IdToken } = await signIn(email, 'Lenslab!New1');
    expect(decodeJwt(IdToken!)['email_verified']).toBe(true);
  });

  it('answers a wrong password with NotAuthorizedException, as Cognito does', async () => {
    await expect(signIn(demo('admin').email, 'Wrong!Password1')).rejects.toBeInstanceOf(NotAuthorizedException);
  });
});

describe('local API gateway serves the route table like API Gateway (HTTP API, JWT authorizer)', () => {
  it('getMyProfile answers the signed-in demo customer’s own profile', async () => {
    const user = demo('customer');
    const { IdToken } = await signIn(user.email, user.password);
    const res = await call('getMyProfile', {}, IdToken);
    expect(res.status).toBe(200);
    expect(res.body.result.profile).toMatchObject({ email: user.email, accountNumber: 'BV-1001' });
    expect(res.body.result.groups).toEqual(['customer']);
  });

  it('listBuyingGroups answers the seeded groups in name order', async () => {
    const { IdToken } = await signIn(demo('unlinkedCustomer').email, demo('unlinkedCustomer').password);
    const res = await call('listBuyingGroups', {}, IdToken);
    const names = (res.body.result.items as { name: string }[]).map((g) => g.name);
    expect(names).toContain('Vision Source');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers 401 Unauthorized without a token, as the JWT authorizer does', async () => {
    const res = await call('getMyProfile', {});
    expect(res).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('answers 401 for a token whose signature was tampered with', async () => {
    const { IdToken } = await signIn(demo('admin').email, demo('admin').password);
    const [h, p, s] = IdToken!.split('.');
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('A') ? 'B' : 'A'}${s!.slice(-1)}`;
    expect((await call('getMyProfile', {}, flipped)).status).toBe(401);
  });

  it('answers 401 for an access token (the API takes ID tokens only)', async () => {
    const { AccessToken } = await signIn(demo('admin').email, demo('admin').password);
    expect((await call('getMyProfile', {}, AccessToken)).status).toBe(401);
  });

  it('answers 403 permission-denied when the role may not call the route (spec 6)', async () => {
    const { IdToken } = await signIn(demo('admin').email, demo('admin').password);
    const res = await call('getCustomerInfo', { data: {} }, IdToken);
    expect(res.status).toBe(403);
    expect(res.body.error.status).toBe('permission-denied');
  });

  it('answers a malformed body with 400 invalid-argument and field errors, never 500', async () => {
    const { IdToken } = await signIn(demo('customer').email, demo('customer').password);
    expect((await call('getCustomerInfo', '{not json', IdToken)).status).toBe(400);
    const res = await call('getCustomerInfo', { data: { page: 0, records: 'many' } }, IdToken);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual(['page', 'records']);
  });

  it('answers 404 for a path that is not in the route table', async () => {
    expect((await call('dropTables', {})).status).toBe(404);
  });
});
