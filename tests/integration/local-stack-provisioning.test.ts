import { stackEnv as env, stackUrls as urls } from './helpers/stack-env';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetBucketCorsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { GROUPS } from '../../core/constants';
import { TABLES, tableEnvVar, type TableDef, type TableName } from '../../core/data/tables';
import { PASSWORD_POLICY } from '../../core/password-policy';

const s3 = () => new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });

describe('local stack provisioning from the shared definitions', () => {
  it('creates every table of core/data/tables.ts with its keys, indexes and TTL', async () => {
    const dynamo = new DynamoDBClient({});
    for (const name of Object.keys(TABLES) as TableName[]) {
      const def: TableDef = TABLES[name];
      const tableName = env[tableEnvVar(name)];
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
      expect(Table?.KeySchema).toEqual([
        { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
        ...(def.sortKey ? [{ AttributeName: def.sortKey.name, KeyType: 'RANGE' }] : []),
      ]);
      const indexes = (Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort();
      expect(indexes).toEqual((def.indexes ?? []).map((i) => i.indexName).sort());
      const { TimeToLiveDescription } = await dynamo.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
      expect(TimeToLiveDescription?.AttributeName).toBe(def.ttlAttribute);
    }
  });

  it('creates the user pool with the password policy of core/password-policy.ts and the three groups', async () => {
    const cognito = new CognitoIdentityProviderClient({});
    const { UserPool } = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: env.USER_POOL_ID }));
    expect(UserPool?.Policies?.PasswordPolicy).toMatchObject({
      MinimumLength: PASSWORD_POLICY.minLength,
      RequireLowercase: PASSWORD_POLICY.requireLowercase,
      RequireUppercase: PASSWORD_POLICY.requireUppercase,
      RequireNumbers: PASSWORD_POLICY.requireDigits,
      RequireSymbols: PASSWORD_POLICY.requireSymbols,
    });
    const { Groups } = await cognito.send(new ListGroupsCommand({ UserPoolId: env.USER_POOL_ID }));
    expect((Groups ?? []).map((g) => g.GroupName).sort()).toEqual([...GROUPS].sort());
  });

  it('creates the web client with password sign-in and the CDK client’s one-hour tokens', async () => {
    const cognito = new CognitoIdentityProviderClient({});
    const { UserPoolClient } = await cognito.send(
      new DescribeUserPoolClientCommand({ UserPoolId: env.USER_POOL_ID, ClientId: env.USER_POOL_CLIENT_ID }),
    );
    expect(UserPoolClient?.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    expect(UserPoolClient).toMatchObject({ IdTokenValidity: 1, AccessTokenValidity: 1 });
    expect(UserPoolClient?.TokenValidityUnits).toMatchObject({ IdToken: 'hours', AccessToken: 'hours' });
  });

  it('creates the attachments bucket with CORS for the portal origin only (presigned PUT/GET, spec 7)', async () => {
    const { CORSRules } = await s3().send(new GetBucketCorsCommand({ Bucket: env.ATTACHMENTS_BUCKET }));
    expect(CORSRules).toHaveLength(1);
    expect(CORSRules?.[0]?.AllowedOrigins).toEqual([urls.web]);
    expect(CORSRules?.[0]?.AllowedMethods?.sort()).toEqual(['GET', 'HEAD', 'PUT']);
  });

  it('lets the portal origin upload with a presigned PUT, and refuses another origin’s preflight', async () => {
    const key = `orders/o-${Date.now()}/scan.txt`;
    const url = await getSignedUrl(s3(), new PutObjectCommand({ Bucket: env.ATTACHMENTS_BUCKET, Key: key }), {
      expiresIn: 300,
    });
    const preflight = (origin: string) =>
      fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT' } });
    expect((await preflight(urls.web)).status).toBe(200);
    expect((await preflight('http://evil.test')).status).toBe(403);
    const put = await fetch(url, { method: 'PUT', headers: { origin: urls.web }, body: 'lens scan' });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(urls.web);
  });
});
