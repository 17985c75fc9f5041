import { lazySchema } from './lazy-schema';
import * as z from '../zod';

/**
 * Field rules shared by the admin and account-request forms and their routes. Single-line fields refuse
 * control characters (CR/LF included), so a value can never break an email header or a log line.
 */
const CONTROL = /\p{Cc}/u;
/** Control characters other than line breaks and tabs, for multi-line text such as a rejection reason. */
const CONTROL_BUT_LINE_BREAKS = /(?![\n\r\t])\p{Cc}/u;

/** A required one-line text: trimmed, 1..max characters. */
export function requiredLine(label: string, max: number) {
  return z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} is too long`),
    z.refine((v) => !CONTROL.test(v), `${label} must be one line of text`),
  );
}

/** An optional one-line text; an empty string means "not given" (what an empty form field sends). */
export function optionalLine(label: string, max: number) {
  return z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(max, `${label} is too long`),
      z.refine((v) => !CONTROL.test(v), `${label} must be one line of text`),
    ),
  );
}

/** Free text that may span lines (a reason, a note), but holds no other control characters. */
export function multiLineText(label: string, max: number) {
  return z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} is too long`),
    z.refine((v) => !CONTROL_BUT_LINE_BREAKS.test(v), `${label} contains characters that are not allowed`),
  );
}

/** Optional free text that may span lines; an empty string (an empty text area) means "not given". */
export function optionalMultiLineText(label: string, max: number) {
  return z._default(
    z.string().check(
      z.trim(),
      z.maxLength(max, `${label} is too long`),
      z.refine((v) => !CONTROL_BUT_LINE_BREAKS.test(v), `${label} contains characters that are not allowed`),
    ),
    '',
  );
}

const PHONE = /^[0-9+().\s/-]*$/;
const phoneDigits = (v: string) => (v.match(/\d/g) ?? []).length;
const isPhone = (v: string) => PHONE.test(v) && phoneDigits(v) >= 7 && phoneDigits(v) <= 20;

/** A phone or fax number as people type them: digits, spaces, + ( ) . / -; 7 to 20 digits. */
export function phoneNumber(label: string) {
  return z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(32, `${label} is too long`),
    z.refine((v) => isPhone(v), `Enter a valid ${label.toLowerCase()}`),
  );
}

/** An optional phone or fax number; empty means none. */
export function optionalPhoneNumber(label: string) {
  return z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(32, `${label} is too long`),
      z.refine((v) => v === '' || isPhone(v), `Enter a valid ${label.toLowerCase()}`),
    ),
  );
}

/**
 * A postal address as a form enters it (spec 3 User field names: address, apt, city, state, zip,
 * country). Strict: an address object carries nothing else.
 */
export const addressInputSchema = lazySchema(() =>
  z.strictObject({
    address: requiredLine('Address', 200),
    apt: optionalLine('Apt / suite', 50),
    city: requiredLine('City', 100),
    state: requiredLine('State', 50),
    zip: z
      .string({ error: 'ZIP code is required' })
      .check(z.trim(), z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, 'Enter a valid ZIP code')),
    country: optionalLine('Country', 60),
  }),
);
export type AddressInput = z.input<typeof addressInputSchema>;

/** Ids the portal makes or Cognito makes (a user's `sub`, a request id): letters, digits and dashes. */
export const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
export function idSchema(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required.`),
      z.maxLength(64, `Not a valid ${label.toLowerCase()}`),
      z.regex(ID_PATTERN, `Not a valid ${label.toLowerCase()}`),
    );
}
