import type { NumberParameter, ParameterDefinition, PARAMETER_UNITS } from '../schemas/lenses';

/** What an order line holds per parameter: numbers for numeric ones, the option value for option ones. */
export type ParameterValues = Record<string, number | string | undefined>;

// Steps like 0.25 or 0.01 are not exact in binary floating point; a value within this of a step counts.
const STEP_TOLERANCE = 1e-6;

function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

export type ParameterUnit = (typeof PARAMETER_UNITS)[number];

/**
 * How people read each unit. The catalogue stores ASCII codes (`um`, `deg`); every message, form suffix and
 * order view shows these symbols, so there is one map for all of them.
 */
export const PARAMETER_UNIT_SYMBOLS: Readonly<Record<ParameterUnit, string>> = {
  D: 'D',
  mm: 'mm',
  um: 'µm',
  deg: '°',
  '': '',
};

/** A number's text with its unit symbol: "4200 µm", "7.80 mm", but "90°" (the degree sign takes no space). */
export function withUnit(text: string, unit: ParameterUnit): string {
  const symbol = PARAMETER_UNIT_SYMBOLS[unit];
  if (!symbol) return text;
  return unit === 'deg' ? `${text}${symbol}` : `${text} ${symbol}`;
}

/** A number as the form shows it for this parameter: fixed to the step's decimals, with a sign for dioptres. */
export function formatParameterValue(def: NumberParameter, value: number): string {
  const fixed = value.toFixed(decimalsOf(def.step));
  return def.unit === 'D' && value > 0 ? `+${fixed}` : fixed;
}

/**
 * A parameter value as ordered: numbers fixed to the step with their unit, options by their label; '-' when
 * none. The order views and the consult emails read values the same way.
 */
export function displayParameterValue(def: ParameterDefinition, value: number | string | undefined): string {
  if (value === undefined || value === '') return '-';
  if (def.kind === 'number') {
    if (typeof value !== 'number') return String(value);
    return withUnit(formatParameterValue(def, value), def.unit);
  }
  return def.options.find((o) => o.value === value)?.label ?? String(value);
}

/** The message shown beside a field whose value is outside its definition, or undefined when it fits. */
export function checkNumberParameter(def: NumberParameter, value: number): string | undefined {
  if (!Number.isFinite(value)) return `${def.label} must be a number`;
  if (value < def.min - STEP_TOLERANCE || value > def.max + STEP_TOLERANCE)
    return `${def.label} must be between ${formatParameterValue(def, def.min)} and ${withUnit(formatParameterValue(def, def.max), def.unit)}`;
  const steps = (value - def.min) / def.step;
  if (Math.abs(steps - Math.round(steps)) > STEP_TOLERANCE * Math.max(1, Math.abs(steps)))
    return `${def.label} must be in steps of ${withUnit(String(def.step), def.unit)}`;
  return undefined;
}

/**
 * Checks an order line's parameter values against its design's definitions: required values present,
 * numbers in range and on a step, options from the list, no unknown keys. Also the one cross-field rule of
 * every toric design: an axis is required when a cylinder is given (and refused without one).
 * The order form runs this as the user types; the server runs it on submit. Keys are parameter keys.
 */
export function validateLensParameters(
  definitions: readonly ParameterDefinition[],
  values: ParameterValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(definitions.map((d) => d.key));
  for (const key of Object.keys(values)) {
    if (!known.has(key) && values[key] !== undefined) errors[key] = `${key} is not a parameter of this design`;
  }
  for (const def of definitions) {
    const value = values[def.key];
    if (value === undefined || value === '') {
      if (def.required) errors[def.key] = `${def.label} is required`;
      continue;
    }
    if (def.kind === 'number') {
      if (typeof value !== 'number') errors[def.key] = `${def.label} must be a number`;
      else {
        const problem = checkNumberParameter(def, value);
        if (problem) errors[def.key] = problem;
      }
    } else if (typeof value !== 'string' || !def.options.some((o) => o.value === value)) {
      errors[def.key] = `Choose a ${def.label.toLowerCase()} from the list`;
    }
  }
  const cylinder = values.cylinder;
  const hasCylinder = typeof cylinder === 'number' && cylinder !== 0;
  if (known.has('axis') && known.has('cylinder') && !errors.axis && !errors.cylinder) {
    if (hasCylinder && values.axis === undefined) errors.axis = 'Axis is required with a cylinder';
    if (!hasCylinder && values.axis !== undefined) errors.axis = 'Axis is given only with a cylinder';
  }
  return errors;
}
