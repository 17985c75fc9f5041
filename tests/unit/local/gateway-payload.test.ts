import { describe, expect, it } from 'vitest';
import { buildHttpApiEvent } from '../../../local/gateway/build-event';
import { toHttpResponse } from '../../../local/gateway/to-http-response';

const request = {
  method: 'POST',
  path: '/api/getMyProfile',
  query: '',
  headers: { 'Content-Type': 'application/json', host: '127.0.0.1:4801', 'x-forwarded-for': ['a', 'b'] },
  body: '{"data":{}}',
  sourceIp: '127.0.0.1',
};

describe('local gateway: the event is HTTP API payload v2, as API Gateway builds it', () => {
  it('names the route, lowercases header names and joins repeated headers with commas', () => {
    const event = buildHttpApiEvent(request);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/getMyProfile',
      rawPath: '/api/getMyProfile',
      body: '{"data":{}}',
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST', path: '/api/getMyProfile', sourceIp: '127.0.0.1' }, stage: '$default' },
    });
    expect(event.headers).toEqual({
      'content-type': 'application/json',
      host: '127.0.0.1:4801',
      'x-forwarded-for': 'a,b',
    });
  });

  it('moves cookies to their own list and parses the query string', () => {
    const event = buildHttpApiEvent({ ...request, query: 'a=1&a=2&b=x', headers: { cookie: 'x=1; y=2' } });
    expect(event.cookies).toEqual(['x=1', 'y=2']);
    expect(event.headers['cookie']).toBeUndefined();
    expect(event.queryStringParameters).toEqual({ a: '1,2', b: 'x' });
  });

  it('passes the verified claims as strings, arrays as "[a b]", like the JWT authorizer', () => {
    const event = buildHttpApiEvent({
      ...request,
      claims: { sub: 'u-1', email_verified: true, 'cognito:groups': ['admin', 'superadmin'] },
    });
    expect((event.requestContext as unknown as { authorizer: unknown }).authorizer).toEqual({
      jwt: { claims: { sub: 'u-1', email_verified: 'true', 'cognito:groups': '[admin superadmin]' }, scopes: null },
    });
  });

  it('has no authorizer context on a public route and no body for an empty one', () => {
    const event = buildHttpApiEvent({ ...request, body: '' });
    expect(event.body).toBeUndefined();
    expect('authorizer' in event.requestContext).toBe(false);
  });
});

describe('local gateway: the Lambda answer becomes the HTTP response as API Gateway maps it', () => {
  it('uses status, headers and body of a structured result', () => {
    const answer = toHttpResponse({ statusCode: 403, headers: { 'X-Correlation-Id': 'c-1' }, body: '{"error":{}}' });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json', 'x-correlation-id': 'c-1' });
    expect(answer.body.toString()).toBe('{"error":{}}');
  });

  it('sends one Set-Cookie per cookie and decodes a base64 body', () => {
    const answer = toHttpResponse({
      statusCode: 200,
      cookies: ['a=1', 'b=2'],
      body: Buffer.from('bytes').toString('base64'),
      isBase64Encoded: true,
    });
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(answer.body.toString()).toBe('bytes');
  });

  it('treats an answer without statusCode as a 200 JSON body', () => {
    const answer = toHttpResponse({ ok: true } as never);
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
  });
});
