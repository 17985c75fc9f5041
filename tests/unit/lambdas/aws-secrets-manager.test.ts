import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSecretString } from '../../../lambdas/adapters/aws/secrets-manager';
import { fakeAwsService, jsonReply, type FakeAwsService, stubAwsEnv } from '../../support/fake-aws-service';

/** Secrets Manager's GetSecretValue without the SDK (lambdas/adapters/aws/secrets-manager.ts), JSON 1.1. */

let secrets: FakeAwsService | undefined;

beforeEach(() => {
  stubAwsEnv();
});

afterEach(async () => {
  await secrets?.close();
  secrets = undefined;
  vi.unstubAllEnvs();
});

const ARN = 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:portal/payments-AbCdEf';

describe('Secrets Manager GetSecretValue', () => {
  it('asks for the secret by id, signed for secretsmanager, and answers its string', async () => {
    secrets = await fakeAwsService('SECRETS_MANAGER', jsonReply(200, { ARN, SecretString: '{"secretKey":"sk"}' }));
    expect(await getSecretString(ARN)).toBe('{"secretKey":"sk"}');
    const [request] = secrets.seen;
    expect(request!.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
    expect(request!.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(request!.headers.authorization).toMatch(/\/eu-west-2\/secretsmanager\/aws4_request/);
    expect(JSON.parse(request!.body.toString())).toEqual({ SecretId: ARN });
  });

  it('a binary secret has no string; a missing one is ResourceNotFoundException', async () => {
    secrets = await fakeAwsService('SECRETS_MANAGER', jsonReply(200, { ARN, SecretBinary: 'AAEC' }));
    expect(await getSecretString(ARN)).toBeUndefined();
    await secrets.close();
    secrets = await fakeAwsService(
      'SECRETS_MANAGER',
      jsonReply(400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the secret." }),
    );
    await expect(getSecretString(ARN)).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });
});
