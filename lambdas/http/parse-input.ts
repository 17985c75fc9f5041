import { FORM_MESSAGES } from '../../core/messages';
import * as z from '../../core/zod';
import { invalidArgument, type FieldErrors } from '../../core/errors';

/** An answer about bad input stays small whatever was sent: this many fields, paths this long. */
const MAX_FIELD_ERRORS = 50;
const MAX_PATH_LENGTH = 200;

/**
 * Turns zod issues into `{ 'a.b': ['message'] }`, the shape forms show beside each field. A hostile body
 * (50,000 bad keys, a 70,000-character key) gets the first MAX_FIELD_ERRORS fields with paths cut short,
 * not an echo of itself.
 */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const out: FieldErrors = {};
  let fields = 0;
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : '_';
    const key = path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}...` : path;
    if (!out[key]) {
      if (fields === MAX_FIELD_ERRORS) continue;
      fields++;
      out[key] = [];
    }
    if (out[key].length < 5) out[key].push(issue.message);
  }
  return out;
}

/**
 * Reads the callable envelope `{ "data": ... }` from a raw body and validates `data` with the route's
 * schema. Anything malformed is a 400 invalid-argument with field errors, never a 500.
 */
export function parseCallableInput<S extends z.core.$ZodType>(
  schema: S,
  rawBody: string | undefined,
  isBase64Encoded = false,
): z.infer<S> {
  let envelope: unknown = {};
  if (rawBody !== undefined && rawBody !== '') {
    const text = isBase64Encoded ? Buffer.from(rawBody, 'base64').toString('utf8') : rawBody;
    try {
      envelope = JSON.parse(text);
    } catch {
      throw invalidArgument('Request body is not valid JSON');
    }
  }
  if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope)) {
    throw invalidArgument('Request body must be an object of the form { "data": ... }');
  }
  const data = (envelope as { data?: unknown }).data;
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    throw invalidArgument(FORM_MESSAGES.invalidFields, fieldErrorsOf(parsed.error));
  }
  return parsed.data;
}
