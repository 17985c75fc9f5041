import { describe, expect, it } from 'vitest';
import { DynamoDocumentClient, PutCommand } from '../../../lambdas/adapters/aws/dynamo-document-client';
import * as z from '../../../core/zod';
import { defineRoute } from '../../../core/define-routes';
import { createHandler } from '../../../lambdas/http/create-handler';
import { errorAnswer } from '../../../lambdas/http/error-response';
import { createLogger } from '../../../lambdas/http/logger';
import { VALUE_REFUSED_MESSAGES } from '../../../lambdas/http/service-failures';
import { DirectoryError } from '../../../lambdas/ports/user-directory';
import { callableEvent } from '../../support/api-gateway-event';
import { identity } from '../../support/identities';

/**
 * What AWS failures answer. Values a service refuses are 400 (never 500); throttling,
 * timeouts and unavailable services are 503 `unavailable` with Retry-After (never 500). Retries and timeouts
 * of the calls themselves: aws-request.test.ts.
 */

const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`${name} happened`), { name, ...extra });

describe('errorAnswer: throttling, timeouts and unavailable services are 503 with Retry-After', () => {
  it.each([
    'ThrottlingException',
    'ProvisionedThroughputExceededException',
    'RequestLimitExceeded',
    'TooManyRequestsException',
    'SlowDown',
  ])('%s is 503 unavailable with a short Retry-After', (name) => {
    const answer = errorAnswer(named(name), 'corr-1');
    expect(answer.statusCode).toBe(503);
    expect(answer.body.error.status).toBe('unavailable');
    expect(answer.body.error.correlationId).toBe('corr-1');
    expect(answer.headers).toEqual({ 'retry-after': '2' });
  });

  it.each([
    ['a request timeout', named('TimeoutError', { code: 'ETIMEDOUT' })],
    ['a connection timeout', named('TimeoutError')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['ServiceUnavailable', named('ServiceUnavailable')],
    ['InternalServerError', named('InternalServerError')],
    [
      'an unnamed 503 from the service',
      named('UnknownError', { $fault: 'server', $metadata: { httpStatusCode: 503 } }),
    ],
  ])('%s is 503 unavailable with Retry-After', (_label, error) => {
    const answer = errorAnswer(error, 'corr-2');
    expect(answer.statusCode).toBe(503);
    expect(answer.body.error.status).toBe('unavailable');
    expect(Number(answer.headers?.['retry-after'])).toBeGreaterThan(0);
  });

  it('finds the cause an adapter wrapped (a Cognito throttle inside a DirectoryError)', () => {
    const wrapped = new DirectoryError('other', 'Rate exceeded', { cause: named('TooManyRequestsException') });
    expect(errorAnswer(wrapped, 'c').statusCode).toBe(503);
  });

  it('a transaction canceled by throttling or a conflicting transaction is 503; one canceled by a condition stays 500', () => {
    const cancelled = (codes: string[]) =>
      named('TransactionCanceledException', { CancellationReasons: codes.map((Code) => ({ Code })) });
    expect(errorAnswer(cancelled(['None', 'ThrottlingError']), 'c').statusCode).toBe(503);
    expect(errorAnswer(cancelled(['TransactionConflict']), 'c').statusCode).toBe(503);
    // A condition the adapter did not turn into a refusal is a bug of ours, not the caller's.
    expect(errorAnswer(cancelled(['ConditionalCheckFailed']), 'c').statusCode).toBe(500);
  });

  it('anything else stays a generic 500 without Retry-After', () => {
    const answer = errorAnswer(new TypeError('x is undefined'), 'corr-3');
    expect(answer.statusCode).toBe(500);
    expect(answer.body.error.status).toBe('internal');
    expect(answer.headers).toBeUndefined();
  });
});

describe('errorAnswer: a value DynamoDB refuses is 400 invalid-argument, not 500', () => {
  it('an item over 400 KB says it is too large', () => {
    const answer = errorAnswer(
      named('ValidationException', { message: 'Item size has exceeded the maximum allowed size' }),
      'c',
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body.error).toMatchObject({ status: 'invalid-argument', message: VALUE_REFUSED_MESSAGES.tooLarge });
  });

  it('a number out of range (overflow, underflow, 38 digits) says which kind of value', () => {
    for (const message of [
      'Number overflow. Attempting to store a number with magnitude larger than supported range',
      'Number underflow. Attempting to store a number with magnitude smaller than supported range',
      'Attempting to store more than 38 significant digits in a Number',
    ]) {
      const answer = errorAnswer(named('ValidationException', { message }), 'c');
      expect(answer.statusCode).toBe(400);
      expect(answer.body.error.message).toBe(VALUE_REFUSED_MESSAGES.number);
    }
  });

  it('a transaction canceled for a ValidationError is 400', () => {
    const error = named('TransactionCanceledException', { CancellationReasons: [{ Code: 'ValidationError' }] });
    expect(errorAnswer(error, 'c').statusCode).toBe(400);
  });

  it("the document client's marshaller refusing 1e16 (over MAX_SAFE_INTEGER) is 400, before any request is sent", async () => {
    // No endpoint, region or credentials: the refusal comes from marshalling, before any of them is read.
    const error = await new DynamoDocumentClient()
      .send(new PutCommand({ TableName: 'orders', Item: { orderId: 'o-1', sphere: 1e16 } }))
      .catch((e: unknown) => e);
    const answer = errorAnswer(error, 'c');
    expect(answer.statusCode).toBe(400);
    expect(answer.body.error.message).toBe(VALUE_REFUSED_MESSAGES.number);
  });
});

describe('the handler wrapper sends Retry-After with a 503', () => {
  const route = defineRoute({
    name: 'busy',
    input: z.optional(z.object({})),
    output: z.object({ ok: z.boolean() }),
    access: ['admin'],
    handler: 'test/busy',
    resources: {},
  });
  const lines: string[] = [];
  const log = createLogger({}, (line) => lines.push(line));
  const verifyToken = async () => identity(['admin']);

  it('a throttled use case answers 503 unavailable, Retry-After: 2, and is logged as a warning', async () => {
    const handler = createHandler(
      route,
      async () => {
        throw named('ThrottlingException');
      },
      { verifyToken, log },
    );
    const res = await handler(callableEvent('busy', { data: {}, token: 't' }));
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['retry-after']).toBe('2');
    expect(JSON.parse(res.body!).error.status).toBe('unavailable');
    expect(lines.some((l) => JSON.parse(l).level === 'warn' && l.includes('ThrottlingException'))).toBe(true);
  });

  it('a refused value answers 400 invalid-argument without Retry-After', async () => {
    const handler = createHandler(
      route,
      async () => {
        throw named('ValidationException', { message: 'Item size has exceeded the maximum allowed size' });
      },
      { verifyToken, log },
    );
    const res = await handler(callableEvent('busy', { data: {}, token: 't' }));
    expect(res.statusCode).toBe(400);
    expect(res.headers?.['retry-after']).toBeUndefined();
    expect(JSON.parse(res.body!).error.message).toBe(VALUE_REFUSED_MESSAGES.tooLarge);
  });
});
