/**
 * Field messages for forms, keyed by the dotted path of the field ('address.city'), the same keys the
 * server's invalid-argument answers carry in `details.fieldErrors` (lambdas/http/parse-input.ts). A form
 * checks its values with the route's own zod schema and shows either side's messages beside each field.
 */
import type * as z from '../../../core/zod';
import { isCallableError } from './callable-error';

/** One message per field; '_' holds a message about the form as a whole. */
export type FormErrors = Record<string, string>;

export const FORM_LEVEL = '_';

const keyOf = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join('.') : FORM_LEVEL);

/** The first zod issue of each field. */
export function formErrorsOf(error: z.core.$ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const key = keyOf(issue.path);
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The server's field messages of a failed call (the first of each field); empty for any other failure.
 * `conflictField` names the field a 409 without field errors is about (an email or account number that
 * is taken), so its message shows beside that field.
 */
export function serverFormErrors(error: unknown, options: { conflictField?: string } = {}): FormErrors {
  if (!isCallableError(error)) return {};
  const errors: FormErrors = {};
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const first = messages[0];
    if (first) errors[path] = first;
  }
  if (options.conflictField && error.status === 'aborted' && Object.keys(errors).length === 0)
    errors[options.conflictField] = error.message;
  return errors;
}

/**
 * The form-level message for a failed call whose field messages are `errors` (from serverFormErrors): the
 * server's form-wide message, none when a 409 was placed beside its field, else the server's message or
 * `fallback`.
 */
export function formMessageFor(error: unknown, errors: FormErrors, fallback: string): string | null {
  const formLevel = errors[FORM_LEVEL];
  if (formLevel) return formLevel;
  if (isCallableError(error) && error.status === 'aborted' && Object.values(errors).includes(error.message))
    return null;
  return failureMessage(error, fallback);
}

/**
 * What to tell the user about a failed call in the form's own alert: the server's message for answers
 * the user can act on (4xx), a generic text otherwise (the API client already logged it).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (isCallableError(error) && error.message) return error.message;
  return fallback;
}

/**
 * Messages about the items of a list field ('additionalAccounts.1') shown on the one input that edits the
 * whole list ('additionalAccounts').
 */
export function foldListErrors(errors: FormErrors, listFields: readonly string[]): FormErrors {
  const folded: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const list = listFields.find((field) => path.startsWith(`${field}.`));
    const key = list ?? path;
    folded[key] ??= message;
  }
  return folded;
}
