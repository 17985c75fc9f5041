import { randomUUID } from 'node:crypto';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Uses the caller's `x-correlation-id` when it is a plain id, so browser and server logs line up. */
export function correlationIdFrom(headers: Record<string, string | undefined>, requestId?: string): string {
  const given = headers['x-correlation-id'];
  if (given && SAFE_ID.test(given)) return given;
  return requestId && SAFE_ID.test(requestId) ? requestId : randomUUID();
}
