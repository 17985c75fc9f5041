import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { runWithLogContext } from './log-context';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Uses the caller's `x-correlation-id` when it is a plain id, so browser and server logs line up. */
export function correlationIdFrom(headers: Record<string, string | undefined>, requestId?: string): string {
  const given = headers['x-correlation-id'];
  if (given && SAFE_ID.test(given)) return given;
  return requestId && SAFE_ID.test(requestId) ? requestId : randomUUID();
}

/**
 * An API Gateway entry point that runs `handle` inside the request's log context: every line logged while it
 * runs, by any logger, names the route and the correlation id (log-context.ts).
 */
export function inRequestContext(
  route: string,
  handle: (event: APIGatewayProxyEventV2, correlationId: string) => Promise<APIGatewayProxyStructuredResultV2>,
): (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2> {
  return (event) => {
    const correlationId = correlationIdFrom(event.headers ?? {}, event.requestContext?.requestId);
    return runWithLogContext({ route, correlationId }, () => handle(event, correlationId));
  };
}
