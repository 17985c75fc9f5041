import * as z from '../../core/zod';
import { invalidArgument } from '../../core/errors';

/**
 * Page cursors are base64url JSON the server made; the client passes them back unchanged. On the way
 * back in they are checked against a schema (shape and bounds), so a forged or corrupt cursor is a 400,
 * never a malformed key sent to DynamoDB or Cognito.
 */
export const INVALID_CURSOR = 'Not a valid page cursor. Reload the list.';

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<S extends z.core.$ZodType>(cursor: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
  }
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
  return parsed.data;
}
