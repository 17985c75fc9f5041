import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cognitoAdminDirectory } from '../../../lambdas/adapters/cognito-admin-directory';
import { cognitoUserDirectory } from '../../../lambdas/adapters/cognito-user-directory';
import { DirectoryError } from '../../../lambdas/ports/user-directory';
import { fakeAwsService, jsonReply, type FakeAwsService, stubAwsEnv } from '../../support/fake-aws-service';

/**
 * The Cognito adapters without the SDK (lambdas/adapters/aws/cognito-idp.ts) against a local server standing in
 * for the user pool API: JSON 1.1 with the operation in X-Amz-Target, signed for cognito-idp, the
 * protocol's epoch-second dates, and refusals turned into the same DirectoryError kinds.
 */

let cognito: FakeAwsService | undefined;

beforeEach(() => {
  stubAwsEnv({ USER_POOL_ID: 'eu-west-2_pool', USER_POOL_CLIENT_ID: 'client-1' });
});

afterEach(async () => {
  await cognito?.close();
  cognito = undefined;
  vi.unstubAllEnvs();
});

const refusal = (type: string, message: string) => jsonReply(400, { __type: type, message });

describe('Cognito user pool calls', () => {
  it('creates the user signed (AdminCreateUser, nothing sent, email unverified), then sets its password for good', async () => {
    cognito = await fakeAwsService(
      'COGNITO_IDENTITY_PROVIDER',
      jsonReply(200, { User: { Username: 'sub-1', Attributes: [{ Name: 'sub', Value: 'sub-1' }] } }),
    );
    const answer = await cognitoUserDirectory().signUp({
      email: 'dr.who@practice.example',
      password: 'Correct-Horse-9',
      firstName: 'Ada',
      lastName: 'Who',
    });
    expect(answer).toEqual({ userId: 'sub-1' });
    const [create, password] = cognito.seen;
    expect(create!.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.AdminCreateUser');
    expect(create!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-2\/cognito-idp\//,
    );
    expect(JSON.parse(create!.body.toString())).toEqual({
      UserPoolId: 'eu-west-2_pool',
      Username: 'dr.who@practice.example',
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: 'dr.who@practice.example' },
        { Name: 'email_verified', Value: 'false' },
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'family_name', Value: 'Who' },
      ],
    });
    expect(password!.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.AdminSetUserPassword');
    expect(JSON.parse(password!.body.toString())).toEqual({
      UserPoolId: 'eu-west-2_pool',
      Username: 'sub-1',
      Password: 'Correct-Horse-9',
      Permanent: true,
    });
  });

  it('a password the pool refuses deletes the new user again and is an invalid-password', async () => {
    let call = 0;
    cognito = await fakeAwsService('COGNITO_IDENTITY_PROVIDER', (request, res) => {
      call += 1;
      if (call === 1) return jsonReply(200, { User: { Attributes: [{ Name: 'sub', Value: 'sub-9' }] } })(request, res);
      if (call === 2) return refusal('InvalidPasswordException', 'Password does not conform to policy')(request, res);
      return jsonReply(200, {})(request, res);
    });
    const failure = await cognitoUserDirectory()
      .signUp({ email: 'a@b.example', password: 'x', firstName: 'A', lastName: 'B' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DirectoryError);
    expect((failure as DirectoryError).kind).toBe('invalid-password');
    expect(cognito.seen.map((r) => r.headers['x-amz-target'])).toEqual([
      'AWSCognitoIdentityProviderService.AdminCreateUser',
      'AWSCognitoIdentityProviderService.AdminSetUserPassword',
      'AWSCognitoIdentityProviderService.AdminDeleteUser',
    ]);
  });

  it('signs the admin operations for cognito-idp and reads the epoch-second creation date', async () => {
    cognito = await fakeAwsService(
      'COGNITO_IDENTITY_PROVIDER',
      jsonReply(200, {
        Username: 'sub-2',
        UserAttributes: [
          { Name: 'sub', Value: 'sub-2' },
          { Name: 'email', Value: 'lab@lenslab.example' },
          { Name: 'email_verified', Value: 'true' },
        ],
        Enabled: true,
        UserStatus: 'CONFIRMED',
        UserCreateDate: 1_768_471_200.123,
      }),
    );
    const user = await cognitoAdminDirectory().getUser('sub-2');
    expect(user).toMatchObject({
      userId: 'sub-2',
      email: 'lab@lenslab.example',
      emailVerified: true,
      enabled: true,
      status: 'CONFIRMED',
      createdAt: '2026-01-15T10:00:00.123Z',
    });
    const [request] = cognito.seen;
    expect(request!.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.AdminGetUser');
    expect(request!.headers.authorization).toMatch(/Credential=AKIDTEST\/\d{8}\/eu-west-2\/cognito-idp\/aws4_request/);
    expect(JSON.parse(request!.body.toString())).toEqual({ UserPoolId: 'eu-west-2_pool', Username: 'sub-2' });
  });

  it('an unknown user is null to getUser, and a taken email is `email-taken` to signUp', async () => {
    cognito = await fakeAwsService(
      'COGNITO_IDENTITY_PROVIDER',
      refusal('UserNotFoundException', 'User does not exist.'),
    );
    expect(await cognitoAdminDirectory().getUser('nobody')).toBeNull();
    await cognito.close();
    cognito = await fakeAwsService(
      'COGNITO_IDENTITY_PROVIDER',
      refusal('UsernameExistsException', 'An account with the given email already exists.'),
    );
    const error = await cognitoUserDirectory()
      .signUp({ email: 'a@b.example', password: 'Correct-Horse-9', firstName: 'A', lastName: 'B' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DirectoryError);
    expect((error as DirectoryError).kind).toBe('email-taken');
  });

  it("cognito-local's unsupported operations are `unsupported`", async () => {
    cognito = await fakeAwsService(
      'COGNITO_IDENTITY_PROVIDER',
      refusal('CognitoLocal#Unsupported', 'AdminUserGlobalSignOut is not supported'),
    );
    const error = await cognitoUserDirectory()
      .signOutEverywhere('sub-3')
      .catch((e: unknown) => e);
    expect((error as DirectoryError).kind).toBe('unsupported');
  });

  it('searches users with the prefix filter and passes the pagination token both ways', async () => {
    cognito = await fakeAwsService(
      'COGNITO_IDENTITY_PROVIDER',
      jsonReply(200, {
        Users: [{ Username: 'u-1', Attributes: [{ Name: 'sub', Value: 'u-1' }] }],
        PaginationToken: 'p2',
      }),
    );
    const page = await cognitoAdminDirectory().searchUsers('email', 'ad"a', { limit: 100, token: 'p1' });
    expect(page.nextToken).toBe('p2');
    expect(page.users.map((u) => u.userId)).toEqual(['u-1']);
    expect(JSON.parse(cognito.seen[0]!.body.toString())).toEqual({
      UserPoolId: 'eu-west-2_pool',
      Filter: 'email ^= "ada"',
      Limit: 60,
      PaginationToken: 'p1',
    });
  });
});
