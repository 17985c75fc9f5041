import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { groupDigits } from '../group-digits';

/**
 * Bounds every input schema shares. A value the schema accepts must also be one DynamoDB can
 * store: numbers finite, within the SDK's safe-integer marshalling and DynamoDB's 38 digits, record keys short
 * and records small, so schema-valid input can never end in a 500 from the database.
 */

/** Largest magnitude of a lens parameter value or range end (microns of sagittal depth fit with room). */
export const LENS_VALUE_LIMIT = 100_000;
/** Decimals a lens parameter value, range end or step may have (0.000001 is far finer than any lathe). */
export const LENS_DECIMALS = 6;
/** A record version (optimistic locking): far beyond any real edit count, far below float trouble. */
export const MAX_VERSION = 1_000_000_000;
/** Latest millisecond timestamp accepted (9999-12-31T23:59:59.999Z, the last date ISO strings can show). */
export const MAX_EPOCH_MS = 253_402_300_799_999;

/** True when `value` has at most `decimals` digits after the point (0.1 + 0.2 has 17, so it is refused). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(decimals)) === value;
}

/** A number as a lens design or order holds it: finite, within +-LENS_VALUE_LIMIT, at most LENS_DECIMALS decimals. */
export function lensNumberSchema(label = 'Value') {
  // z.number() refuses Infinity and NaN itself, with its own message.
  return z.number({ error: `${label} must be a number` }).check(
    z.gte(-LENS_VALUE_LIMIT, `${label} must be at least -${groupDigits(LENS_VALUE_LIMIT)}`),
    z.lte(LENS_VALUE_LIMIT, `${label} must be at most ${groupDigits(LENS_VALUE_LIMIT)}`),
    z.refine((v) => hasAtMostDecimals(v, LENS_DECIMALS), `${label} has more than ${LENS_DECIMALS} decimals`),
  );
}

/** The version an edit read (optimistic locking). */
export const versionSchema = lazySchema(() =>
  z
    .number({ error: 'version is required' })
    .check(
      z.int('version is a whole number'),
      z.gte(0, 'Not a valid version'),
      z.lte(MAX_VERSION, 'Not a valid version'),
    ),
);

/** A millisecond timestamp the browser reports. */
export const epochMsSchema = lazySchema(() =>
  z.number().check(z.int(), z.gte(0), z.lte(MAX_EPOCH_MS, 'Not a valid time')),
);

/**
 * A name that is a field name, never free text: a letter, then letters and digits, at most `maxLength`
 * characters (record keys; DynamoDB would take 64 KB names, which nobody should be able to store).
 */
export function fieldKeySchema(label: string, maxLength = 40) {
  return z
    .string()
    .check(
      z.maxLength(maxLength, `Not a ${label}`),
      z.regex(new RegExp(`^[A-Za-z][A-Za-z0-9]{0,${maxLength - 1}}$`), `Not a ${label}`),
    );
}

/** A record (an object used as a map) with checked keys and at most `maxEntries` entries. */
export function boundedRecord<K extends z.ZodMiniType<string, string>, V extends z.ZodMiniType>(
  key: K,
  value: V,
  maxEntries: number,
  message = `At most ${maxEntries} entries`,
) {
  return z.record(key, value).check(z.refine((record) => Object.keys(record).length <= maxEntries, message));
}
