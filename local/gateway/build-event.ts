import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Builds the HTTP API payload v2 event API Gateway would pass to the route's Lambda. */
export function buildHttpApiEvent(input: {
  method: string;
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `body` is base64 of the request's bytes (what API Gateway does with a binary body). */
  isBase64Encoded?: boolean;
  sourceIp: string;
  claims?: Record<string, unknown>;
}): APIGatewayProxyEventV2 {
  // Payload v2: header names lowercased, repeated headers joined with commas, cookies in their own list.
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.headers)) {
    if (value !== undefined && key.toLowerCase() !== 'cookie') {
      headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
    }
  }
  const cookies = input.headers.cookie
    ?.split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  const query = new URLSearchParams(input.query);
  const now = new Date();
  const event: APIGatewayProxyEventV2 & { requestContext: { authorizer?: unknown } } = {
    version: '2.0',
    routeKey: `${input.method} ${input.path}`,
    rawPath: input.path,
    rawQueryString: input.query,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(input.query
      ? { queryStringParameters: Object.fromEntries([...query.keys()].map((k) => [k, query.getAll(k).join(',')])) }
      : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers['host'] ?? '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method: input.method,
        path: input.path,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${input.method} ${input.path}`,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: input.body === '' ? undefined : input.body,
    isBase64Encoded: input.isBase64Encoded ?? false,
  };
  if (input.claims) {
    // API Gateway's JWT authorizer hands the verified claims to the Lambda as strings, arrays as "[a b]".
    const claims = Object.fromEntries(
      Object.entries(input.claims).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]),
    );
    event.requestContext.authorizer = { jwt: { claims, scopes: null } };
  }
  return event;
}
