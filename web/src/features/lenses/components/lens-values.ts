import type {
  CreateLensDesignInput,
  LensDesign,
  LensType,
  ParameterDefinition,
} from '../../../../../core/schemas/lens';
import type { FormErrors } from '../../../lib/form-errors';

/** One parameter row of the editor. Numbers are kept as typed text until the form is checked. */
export interface ParameterRow {
  /** React key only; never sent. */
  rowId: string;
  kind: 'number' | 'option';
  key: string;
  /** A key the admin typed (or one from a stored design) is not rewritten when the label changes. */
  keyFixed: boolean;
  label: string;
  unit: string;
  min: string;
  max: string;
  step: string;
  required: boolean;
  options: { value: string; label: string }[];
}

export interface LensDesignValues {
  name: string;
  type: LensType | '';
  description: string;
  /** Dollars as typed, e.g. "395.00"; sent as priceCents. */
  price: string;
  warrantyDays: string;
  active: boolean;
  parameters: ParameterRow[];
}

let nextRowId = 0;
const rowId = () => `row-${++nextRowId}`;

const text = (n: number) => String(n);

export function parameterRowOf(def: ParameterDefinition): ParameterRow {
  const base = { rowId: rowId(), key: def.key, keyFixed: true, label: def.label, required: def.required };
  return def.kind === 'number'
    ? {
        ...base,
        kind: 'number',
        unit: def.unit,
        min: text(def.min),
        max: text(def.max),
        step: text(def.step),
        options: [],
      }
    : { ...base, kind: 'option', unit: '', min: '', max: '', step: '', options: def.options.map((o) => ({ ...o })) };
}

export function newParameterRow(kind: ParameterRow['kind']): ParameterRow {
  return {
    rowId: rowId(),
    kind,
    key: '',
    keyFixed: false,
    label: '',
    unit: kind === 'number' ? 'D' : '',
    min: '',
    max: '',
    step: kind === 'number' ? '0.25' : '',
    required: true,
    options: kind === 'option' ? [{ value: '', label: '' }] : [],
  };
}

export function lensDesignValuesOf(design?: LensDesign): LensDesignValues {
  if (!design)
    return { name: '', type: '', description: '', price: '', warrantyDays: '90', active: true, parameters: [] };
  return {
    name: design.name,
    type: design.type,
    description: design.description ?? '',
    price: design.priceCents === undefined ? '' : (design.priceCents / 100).toFixed(2),
    warrantyDays: String(design.warrantyDays),
    active: design.active,
    parameters: design.parameters.map(parameterRowOf),
  };
}

/** "Base curve" -> "baseCurve": the key an order stores a value under. */
export function parameterKeyOf(label: string): string {
  const words = label
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  // A key starts with a letter: leading numbers ("3 o'clock") are dropped, not glued to the next word.
  while (words.length && /^[0-9]/.test(words[0]!)) words.shift();
  const key = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
  return key.slice(0, 40);
}

/** A typed number, or NaN for anything that is not one (an empty field included). */
export function numberOf(value: string): number {
  const trimmed = value.trim().replace(',', '.');
  return trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number.NaN : Number(trimmed);
}

/**
 * The route input built from the form, and the messages about fields that do not hold a number at all
 * (the schema would only say "expected number"). Paths are the schema's, so server errors land on the
 * same fields.
 */
export function lensDesignInputOf(values: LensDesignValues): { input: CreateLensDesignInput; errors: FormErrors } {
  const errors: FormErrors = {};
  const num = (path: string, value: string, label: string) => {
    const n = numberOf(value);
    if (Number.isNaN(n)) errors[path] = `${label} must be a number`;
    return n;
  };
  const priceCents = Math.round(num('priceCents', values.price, 'Price') * 100);
  const warrantyDays = num('warrantyDays', values.warrantyDays, 'Warranty days');
  const parameters: ParameterDefinition[] = values.parameters.map((row, i) => {
    const common = { key: row.key.trim(), label: row.label, required: row.required };
    if (row.kind === 'option')
      return { ...common, kind: 'option', options: row.options.map((o) => ({ value: o.value, label: o.label })) };
    return {
      ...common,
      kind: 'number',
      unit: row.unit as Extract<ParameterDefinition, { kind: 'number' }>['unit'],
      min: num(`parameters.${i}.min`, row.min, 'Min'),
      max: num(`parameters.${i}.max`, row.max, 'Max'),
      step: num(`parameters.${i}.step`, row.step, 'Step'),
    };
  });
  const input = {
    name: values.name,
    type: values.type as LensType,
    ...(values.description.trim() ? { description: values.description } : {}),
    parameters,
    priceCents,
    warrantyDays,
    active: values.active,
  };
  return { input, errors };
}

export const formatPrice = (cents: number | undefined) =>
  cents === undefined ? '—' : `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
