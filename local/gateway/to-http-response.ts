import type { APIGatewayProxyResultV2 } from 'aws-lambda';

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/**
 * Turns a Lambda's answer into the HTTP response, as API Gateway does for payload v2: a structured result
 * gives status, headers, cookies (one Set-Cookie each) and a body that may be base64; anything else is a
 * 200 JSON body.
 */
export function toHttpResponse(result: APIGatewayProxyResultV2): HttpResponse {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result)),
    };
  }
  const headers: Record<string, string | string[]> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ?? '';
  return {
    statusCode: result.statusCode ?? 200,
    headers,
    body: result.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body),
  };
}
