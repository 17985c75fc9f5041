import fc from 'fast-check';
import type * as z from '../../core/zod';

/**
 * Values a zod input schema is likely to ACCEPT, pushed to its edges: strings at their maximum length in odd
 * unicode, numbers at their bounds (or, where a schema sets none, at the edges of what JavaScript and DynamoDB
 * hold: 1e300, 5e-324, MAX_SAFE_INTEGER), arrays and records as full as allowed. Built by walking the schema's
 * definition (zod 4 `_zod.def`), so every route of core/routes.ts gets inputs without a list to keep up to date.
 * Not every value passes the schema (refinements and cross-field rules are not solved); callers count the
 * ones that do.
 */

type Def = Record<string, unknown> & { type: string };
interface Check {
  check?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
  value?: number;
  inclusive?: boolean;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] =>
  ((def['checks'] as Array<{ _zod: { def: Check } }> | undefined) ?? []).map((c) => c._zod.def);

/** The longest string generated for a schema without a max (enough to hit DynamoDB's 400 KB item limit). */
const UNBOUNDED_STRING = 120_000;
/** Longest string generated even when a schema allows more (keeps each request well under the 1 MB body). */
const LONGEST_STRING = 25_000;
const LONGEST_ARRAY = 60;

/** Characters that are valid text but awkward: accents, a title-case digraph, RTL and zero-width marks, emoji. */
const ODD_TEXT = ['é', 'ǅ', 'ß', '\u202e', '\u200d', '🦄', '<b>', '"', "'", '\\', '${x}', '名', ' ', 'A', '9'];

function textOfLength(length: number): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...ODD_TEXT), { minLength: 1, maxLength: 8 })
    .map((parts) => {
      const unit = parts.join('');
      return unit.repeat(Math.ceil(length / unit.length) + 1).slice(0, length);
    })
    .map((s) => (/^\s|\s$/.test(s) ? `x${s.slice(1, -1)}x`.slice(0, length) : s));
}

function stringOf(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max: number | undefined;
  let pattern: RegExp | undefined;
  let format = typeof def['format'] === 'string' ? (def['format'] as string) : undefined;
  if (def['pattern'] instanceof RegExp) pattern = def['pattern'];
  for (const c of checks) {
    if (c.check === 'min_length' && typeof c.minimum === 'number') min = Math.max(min, c.minimum);
    if (c.check === 'max_length' && typeof c.maximum === 'number') max = Math.min(max ?? Infinity, c.maximum);
    if (c.check === 'length_equals' && typeof c.length === 'number') min = max = c.length;
    if (c.check === 'string_format') {
      format = c.format ?? format;
      if (c.pattern instanceof RegExp) pattern = c.pattern;
    }
  }
  if (format === 'email') {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.test`;
    return fc.oneof(fc.emailAddress(), fc.constant(longest)).filter((s) => max === undefined || s.length <= max);
  }
  if (pattern) {
    const matching = fc.stringMatching(pattern, { size: 'large' });
    return max === undefined ? matching : matching.map((s) => s.slice(0, Math.max(min, max!)));
  }
  const longest = Math.min(max ?? UNBOUNDED_STRING, max === undefined ? UNBOUNDED_STRING : LONGEST_STRING);
  return fc.oneof(
    { weight: 3, arbitrary: textOfLength(Math.max(longest, min)) },
    { weight: 1, arbitrary: textOfLength(Math.max(min, 1)) },
  );
}

function numberOf(def: Def): fc.Arbitrary<number> {
  let min = -Infinity;
  let max = Infinity;
  let minInclusive = true;
  let maxInclusive = true;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than' && typeof c.value === 'number' && c.value >= min) {
      min = c.value;
      minInclusive = c.inclusive !== false;
    }
    if (c.check === 'less_than' && typeof c.value === 'number' && c.value <= max) {
      max = c.value;
      maxInclusive = c.inclusive !== false;
    }
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) int = true;
  }
  const low = int ? Math.max(min, Number.MIN_SAFE_INTEGER) : min;
  const high = int ? Math.min(max, Number.MAX_SAFE_INTEGER) : max;
  const candidates = [
    minInclusive ? low : int ? low + 1 : low + 1e-6,
    maxInclusive ? high : int ? high - 1 : high - 1e-6,
    0,
    1,
    -1,
    int ? 2 ** 31 : 0.000001,
    int ? -(2 ** 31) : -0.000001,
    int ? Number.MAX_SAFE_INTEGER : 1e300,
    int ? Number.MIN_SAFE_INTEGER : -1e300,
    int ? 1e15 : 5e-324,
    int ? -1e15 : 1e-200,
    int ? 10 ** 9 : 99_999.999999,
    int ? 10 ** 9 : 1.7976931348623157e308,
  ].filter((v) => Number.isFinite(v) && v >= low && v <= high);
  const inRange = int
    ? fc.integer({ min: Math.max(low, -(2 ** 31)), max: Math.min(high, 2 ** 31 - 1) })
    : fc.double({
        min: Math.max(low, -1e308),
        max: Math.min(high, 1e308),
        noNaN: true,
        noDefaultInfinity: true,
      });
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...candidates) }, { weight: 1, arbitrary: inRange });
}

/**
 * Edge values for fields whose rules generic generation cannot meet (a phone's digit count, the password
 * policy, a real calendar date), used for a key of that name half of the time.
 */
const LONG_PASSWORD = `Aa1!${'é🦄ǅ\u202ex'.repeat(60)}`.slice(0, 256);
export const EDGE_VALUES_BY_KEY: Record<string, unknown[]> = {
  phone: ['+1 (503) 555-0170 / 123456789', '5550170'],
  fax: ['+1 (503) 555-0170 / 123456789', ''],
  faxNumber: ['+1 (503) 555-0170 / 123456789', ''],
  zip: ['A1-2 3b-9Z', '97201'],
  stateLicenseNumber: ['OR-12345/67.89 ABCDEFGHIJ KLMNOPQRSTUV'],
  password: [LONG_PASSWORD, 'Aa1!aaaa'],
  newPassword: [LONG_PASSWORD, 'Aa1!aaaa'],
  issueDate: ['0001-01-01', '9999-12-31', '2024-02-29'],
  dueDate: ['0001-01-01', '9999-12-31', '2024-02-29'],
  receivedOn: ['0001-01-01', '9999-12-31'],
  from: ['0001-01-01', '9999-12-31'],
  to: ['0001-01-01', '9999-12-31'],
};

export interface ExtremeOptions {
  /**
   * Values to use for a key of this name half of the time (an account the caller is linked to, a version), on
   * top of EDGE_VALUES_BY_KEY.
   */
  known?: Record<string, unknown[]>;
}

/** Values for `schema` at the edges of what it accepts. */
export function extremeValues(schema: z.core.$ZodType, options: ExtremeOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const recurse = (inner: unknown) => extremeValues(inner as z.core.$ZodType, options, depth + 1);
  if (depth > 12) return fc.constant(undefined);
  switch (def.type) {
    case 'string':
      return stringOf(def);
    case 'number':
      return numberOf(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def['entries'] as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def['values'] as unknown[]));
    case 'optional':
      return fc.oneof(
        { weight: 5, arbitrary: recurse(def['innerType']) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      );
    case 'nullable':
      return fc.oneof({ weight: 5, arbitrary: recurse(def['innerType']) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return recurse(def['innerType']);
    case 'pipe': {
      // `z.string().trim().pipe(z.email())`: the format is on the out side, so values come from there.
      const out = defOf(def['out']);
      const formatted = out.type === 'string' && (out['format'] !== undefined || checksOf(out).length > 0);
      return recurse(formatted && defOf(def['in']).type === 'string' ? def['out'] : def['in']);
    }
    case 'lazy':
      return recurse((def['getter'] as () => unknown)());
    case 'union':
      return fc.oneof(...(def['options'] as unknown[]).map(recurse));
    case 'array': {
      let min = 0;
      let max = 3;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length' && typeof c.minimum === 'number') min = c.minimum;
        if (c.check === 'max_length' && typeof c.maximum === 'number') max = c.maximum;
      }
      max = Math.min(Math.max(max, min), LONGEST_ARRAY);
      const element = recurse(def['element']);
      return fc.oneof(
        fc.array(element, { minLength: max, maxLength: max }),
        fc.array(element, { minLength: min, maxLength: Math.min(min + 2, max) }),
      );
    }
    case 'record':
      return fc
        .dictionary(recurse(def['keyType']) as fc.Arbitrary<string>, recurse(def['valueType']), {
          minKeys: 0,
          maxKeys: 40,
        })
        .map((record) => ({ ...record }));
    case 'object': {
      const shape = def['shape'] as Record<string, z.core.$ZodType>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) {
        const generated = recurse(value);
        const known = [...(EDGE_VALUES_BY_KEY[key] ?? []), ...(options.known?.[key] ?? [])];
        model[key] = known?.length ? fc.oneof(fc.constantFrom(...known), generated) : generated;
      }
      // Keys generated as undefined are left out, as JSON would.
      return fc
        .record(model)
        .map((object) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)));
    }
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return fc.constant(undefined);
  }
}
