import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** An HTTP API (payload v2) event for `POST /api/{name}`, as API Gateway and the local gateway build it. */
export function callableEvent(
  name: string,
  options: { data?: unknown; body?: string; token?: string; headers?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  const body = options.body ?? (options.data === undefined ? undefined : JSON.stringify({ data: options.data }));
  return {
    version: '2.0',
    routeKey: `POST /api/${name}`,
    rawPath: `/api/${name}`,
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: '127.0.0.1',
      domainPrefix: '127',
      http: { method: 'POST', path: `/api/${name}`, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'req-0000000001',
      routeKey: `POST /api/${name}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  };
}
