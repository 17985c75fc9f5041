import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AWS_CLIENT_LIMITS } from '../../../lambdas/adapters/aws-client-options';
import { readAwsError } from '../../../lambdas/adapters/aws/aws-errors';
import { DYNAMODB } from '../../../lambdas/adapters/aws/dynamo-document-client';
import { awsFetch, awsJsonCall, serviceEndpoint } from '../../../lambdas/adapters/aws/aws-request';
import { errorAnswer } from '../../../lambdas/http/error-response';
import { fakeAwsService, stubAwsEnv, type FakeAwsService, type SeenRequest } from '../../support/fake-aws-service';

/**
 * The Lambdas' signed calls to AWS (lambdas/adapters/aws/aws-request.ts) against a local HTTP server that
 * behaves like a throttling, refusing, failing or hanging service: bounded retries and timeouts, SigV4
 * headers, the SDK's endpoint order, and refusals named as the SDK named them.
 */

let service: FakeAwsService | undefined;
/** A stand-in service answering the n-th request (0-based) with `replies[n]` (the last one repeats). */
async function fakeService(...replies: Array<(res: ServerResponse) => void>): Promise<SeenRequest[]> {
  let count = 0;
  service = await fakeAwsService('DYNAMODB', (_request, res) => replies[Math.min(count++, replies.length - 1)]!(res));
  return service.seen;
}

const json = (status: number, body: unknown) => (res: ServerResponse) =>
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
const dynamoError = (type: string, message: string) =>
  json(400, { __type: `com.amazonaws.dynamodb.v20120810#${type}`, message });
const hang = () => undefined;

beforeEach(() => stubAwsEnv());
afterEach(async () => {
  await service?.close();
  service = undefined;
  vi.unstubAllEnvs();
});

describe('signed calls: the request the SDK sent', () => {
  it('a JSON-protocol call is a signed POST naming the operation, scoped to the region and service', async () => {
    vi.stubEnv('AWS_SESSION_TOKEN', 'session-token-test');
    const seen = await fakeService(json(200, { Item: { id: { S: 'o-1' } } }));
    const answer = await awsJsonCall(DYNAMODB, 'GetItem', { TableName: 't', Key: { id: { S: 'o-1' } } });
    expect(answer).toEqual({ Item: { id: { S: 'o-1' } } });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
    expect(request!.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(request!.headers['x-amz-security-token']).toBe('session-token-test');
    expect(request!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-2\/dynamodb\/aws4_request, SignedHeaders=[^,]*x-amz-target[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(request!.body.toString())).toEqual({ TableName: 't', Key: { id: { S: 'o-1' } } });
  });

  it('the endpoint is the service variable, then AWS_ENDPOINT_URL, then the regional default (as the SDK reads them)', () => {
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', '');
    expect(serviceEndpoint(DYNAMODB)).toBe('https://dynamodb.eu-west-2.amazonaws.com');
    vi.stubEnv('AWS_ENDPOINT_URL', 'http://localhost:4566/');
    expect(serviceEndpoint(DYNAMODB)).toBe('http://localhost:4566');
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://127.0.0.1:8000');
    expect(serviceEndpoint(DYNAMODB)).toBe('http://127.0.0.1:8000');
  });

  it('no credentials in the environment is a clear error, not an unsigned call', async () => {
    const seen = await fakeService(json(200, {}));
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    await expect(awsJsonCall(DYNAMODB, 'GetItem', {})).rejects.toThrow(/No AWS credentials in the environment/);
    expect(seen).toHaveLength(0);
  });

  it('the signing key is derived once per secret and shared by later calls; a new secret derives its own', async () => {
    await fakeService(json(200, {}));
    // The key derivation is four HMACs and the signature one more: each HMAC imports its key.
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    try {
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-shared-by-calls');
      await awsJsonCall(DYNAMODB, 'GetItem', {});
      expect(importKey).toHaveBeenCalledTimes(5);
      importKey.mockClear();
      for (let i = 0; i < 3; i++) await awsJsonCall(DYNAMODB, 'GetItem', {});
      expect(importKey).toHaveBeenCalledTimes(3);
      importKey.mockClear();
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-after-rotation');
      await awsJsonCall(DYNAMODB, 'GetItem', {});
      expect(importKey).toHaveBeenCalledTimes(5);
    } finally {
      importKey.mockRestore();
    }
  });
});

describe('bounded retries and timeouts (aws-client-options.ts)', () => {
  it('every call gets a request timeout and at most 3 attempts, which stay inside the Lambda timeout', () => {
    expect(AWS_CLIENT_LIMITS).toEqual({ requestTimeoutMs: 6000, maxAttempts: 3 });
    expect(AWS_CLIENT_LIMITS.maxAttempts * (AWS_CLIENT_LIMITS.requestTimeoutMs + 1000)).toBeLessThan(29_000);
  });

  it('a service that never answers fails after the request timeout, tried maxAttempts times, answered 503', async () => {
    const seen = await fakeService(hang);
    const started = Date.now();
    const error = await awsFetch(DYNAMODB, {}, { requestTimeoutMs: 150, maxAttempts: 2 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(seen).toHaveLength(2);
    expect((error as Error).name).toBe('TimeoutError');
    const answer = errorAnswer(error, 'c');
    expect(answer.statusCode).toBe(503);
    expect(answer.headers?.['retry-after']).toBeDefined();
  });

  it('throttling is retried maxAttempts times, then answered 503 with Retry-After: 2', async () => {
    const seen = await fakeService(
      dynamoError(
        'ProvisionedThroughputExceededException',
        'The level of configured provisioned throughput was exceeded',
      ),
    );
    const error = await awsFetch(DYNAMODB, {}, { maxAttempts: 2 }).catch((e: unknown) => e);
    expect(seen).toHaveLength(2);
    expect(errorAnswer(error, 'c')).toMatchObject({ statusCode: 503, headers: { 'retry-after': '2' } });
  });

  it('a 500 is retried and the second answer is used', async () => {
    const seen = await fakeService(json(500, { __type: 'InternalServerError', message: 'oops' }), json(200, { ok: 1 }));
    const response = await awsFetch(DYNAMODB, {});
    expect(await response.json()).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
  });

  it('a refused value (ValidationException) is not retried and is answered 400', async () => {
    const seen = await fakeService(
      dynamoError('ValidationException', 'Item size has exceeded the maximum allowed size'),
    );
    const error = await awsFetch(DYNAMODB, {}).catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(errorAnswer(error, 'c').statusCode).toBe(400);
  });

  it('a refused connection is retried, then answered 503', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', `http://127.0.0.1:${port}`);
    const error = await awsFetch(DYNAMODB, {}, { maxAttempts: 2 }).catch((e: unknown) => e);
    expect(errorAnswer(error, 'c').statusCode).toBe(503);
  });
});

describe('refusals are named as the SDK named them', () => {
  const respond = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Response(body || null, { status, headers });

  it('JSON protocols: the name after "#", the message, and the service fields on the error', async () => {
    const error = await readAwsError(
      respond(
        400,
        JSON.stringify({
          __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
          Message: 'Transaction cancelled',
          CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
        }),
        { 'x-amzn-requestid': 'req-1' },
      ),
    );
    expect(error).toMatchObject({
      name: 'TransactionCanceledException',
      message: 'Transaction cancelled',
      $fault: 'client',
      $metadata: { httpStatusCode: 400, requestId: 'req-1' },
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
  });

  it('REST-JSON (SES v2): the name from the x-amzn-ErrorType header', async () => {
    const error = await readAwsError(
      respond(400, JSON.stringify({ message: 'Email address is not verified.' }), {
        'x-amzn-ErrorType': 'MessageRejected:http://internal.amazon.com/coral/com.amazon.sesv2/',
      }),
    );
    expect(error).toMatchObject({ name: 'MessageRejected', message: 'Email address is not verified.' });
  });

  it('S3 XML: the <Code> and <Message>; a bodiless 404 (HEAD) is NotFound; a bare 503 is a server fault', async () => {
    const xml = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The key does not exist.</Message></Error>';
    expect(await readAwsError(respond(404, xml))).toMatchObject({
      name: 'NoSuchKey',
      message: 'The key does not exist.',
      $metadata: { httpStatusCode: 404 },
    });
    expect(await readAwsError(respond(404, ''))).toMatchObject({ name: 'NotFound' });
    expect(await readAwsError(respond(503, ''))).toMatchObject({ name: 'ServiceUnavailable', $fault: 'server' });
  });
});
