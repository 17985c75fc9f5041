import { FIELD_MESSAGES } from '../../../../../core/messages';
import { dollarsText, formatCents, notMoney, parseDollars } from '../../../lib/money-text';
import {
  DEFAULT_WARRANTY_POLICY,
  type CreateLensDesignInput,
  type LensDesign,
  type LensType,
  type ParameterDefinition,
  type ShipGuarantee,
  type ShipGuaranteeRemedy,
  type WarrantyPolicy,
} from '../../../../../core/schemas/lenses';
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

/**
 * The form's values under the route schema's paths, so its messages and the server's land on the field
 * that holds the value: amounts typed in dollars sit under the cents' names.
 */
export interface LensDesignValues {
  name: string;
  type: LensType | '';
  description: string;
  /** Dollars as typed, e.g. "395.00"; sent in cents. */
  priceCents: string;
  warrantyDays: string;
  /** The warranty policy (Lens Credit); numbers as typed, the fee in dollars. */
  warranty: WarrantyValues;
  /** Business days as typed; blank: the design takes its type's default lead. */
  leadDays: string;
  shipGuarantee: ShipGuaranteeValues;
  active: boolean;
  parameters: ParameterRow[];
}

export interface WarrantyValues {
  exchangesPerEye: string;
  /** Checked: any number of exchanges (the count field is then ignored and sent as null). */
  unlimitedExchanges: boolean;
  /** Dollars as typed, e.g. "25.00"; sent in cents. */
  exchangeFeeCents: string;
  cancellationCreditPercent: string;
  returnRequired: boolean;
}

export function warrantyValuesOf(policy: WarrantyPolicy = DEFAULT_WARRANTY_POLICY): WarrantyValues {
  return {
    exchangesPerEye: policy.exchangesPerEye === null ? '' : String(policy.exchangesPerEye),
    unlimitedExchanges: policy.exchangesPerEye === null,
    exchangeFeeCents: dollarsText(policy.exchangeFeeCents),
    cancellationCreditPercent: String(policy.cancellationCreditPercent),
    returnRequired: policy.returnRequired,
  };
}

/** The ship guarantee as typed; `offered` unticked sends none (the other values are then ignored). */
export interface ShipGuaranteeValues {
  offered: boolean;
  businessDays: string;
  remedy: ShipGuaranteeRemedy;
  /** Dollars as typed, e.g. "25.00"; sent in cents, for the credit remedy only. */
  creditCents: string;
}

export function shipGuaranteeValuesOf(guarantee: ShipGuarantee | undefined): ShipGuaranteeValues {
  if (!guarantee) return { offered: false, businessDays: '', remedy: 'free-lenses', creditCents: '' };
  return {
    offered: true,
    businessDays: String(guarantee.businessDays),
    remedy: guarantee.remedy,
    creditCents: guarantee.creditCents === undefined ? '' : dollarsText(guarantee.creditCents),
  };
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
    return {
      name: '',
      type: '',
      description: '',
      priceCents: '',
      warrantyDays: '90',
      warranty: warrantyValuesOf(),
      leadDays: '',
      shipGuarantee: shipGuaranteeValuesOf(undefined),
      active: true,
      parameters: [],
    };
  return {
    name: design.name,
    type: design.type,
    description: design.description ?? '',
    priceCents: design.priceCents === undefined ? '' : dollarsText(design.priceCents),
    warrantyDays: String(design.warrantyDays),
    // A design stored before policies existed has none: it shows (and saves) the default terms.
    warranty: warrantyValuesOf(design.warranty ?? DEFAULT_WARRANTY_POLICY),
    leadDays: design.leadDays === undefined ? '' : String(design.leadDays),
    shipGuarantee: shipGuaranteeValuesOf(design.shipGuarantee),
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
  const priceCents = Math.round(num('priceCents', values.priceCents, 'Price') * 100);
  const warrantyDays = num('warrantyDays', values.warrantyDays, 'Warranty days');
  const warranty = warrantyPolicyOf(values.warranty, errors);
  const shipGuarantee = shipGuaranteeOf(values.shipGuarantee, errors);
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
    warranty,
    // Blank: the design takes its type's default; a value that is not a number goes on as NaN, which the schema
    // refuses with its own message about the range.
    ...(values.leadDays.trim() === '' ? {} : { leadDays: numberOf(values.leadDays) }),
    ...(shipGuarantee ? { shipGuarantee } : {}),
    active: values.active,
  };
  return { input, errors };
}

/**
 * The guarantee built from the typed values, or none when it is not offered. The credit is typed in dollars: one
 * that is not an amount gets a message here (the schema would only say "expected number"); a blank one is left
 * out, so the schema's "enter the credit" is the message.
 */
export function shipGuaranteeOf(values: ShipGuaranteeValues, errors: FormErrors): ShipGuarantee | undefined {
  if (!values.offered) return undefined;
  const guarantee: ShipGuarantee = { businessDays: numberOf(values.businessDays), remedy: values.remedy };
  if (values.remedy !== 'credit' || values.creditCents.trim() === '') return guarantee;
  const creditCents = parseDollars(values.creditCents);
  if (creditCents === null) errors['shipGuarantee.creditCents'] = notMoney('25.00');
  return { ...guarantee, creditCents: creditCents ?? Number.NaN };
}

/** "ships within 5 business days or the lenses are free" / "... or $25.00 of lens credit", after "Guarantee: ". */
export function shipGuaranteeSummary(guarantee: ShipGuarantee): string {
  const days = `${guarantee.businessDays} business ${guarantee.businessDays === 1 ? 'day' : 'days'}`;
  const remedy =
    guarantee.remedy === 'credit' && guarantee.creditCents !== undefined
      ? `${formatCents(guarantee.creditCents)} of lens credit`
      : 'the lenses are free';
  return `ships within ${days} or ${remedy}`;
}

/** A whole number from `min` to `max` as typed, or null. */
function wholeNumberIn(value: string, min: number, max: number): number | null {
  const n = numberOf(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/**
 * The policy built from the typed values. Each field that does not hold what the policy allows gets a
 * plain message here (the schema's own would say "expected number" or "too big"); the schema still checks
 * the built policy afterwards.
 */
export function warrantyPolicyOf(values: WarrantyValues, errors: FormErrors): WarrantyPolicy {
  let exchangesPerEye: number | null = null;
  if (!values.unlimitedExchanges) {
    exchangesPerEye = wholeNumberIn(values.exchangesPerEye, 0, 20);
    if (exchangesPerEye === null)
      errors['warranty.exchangesPerEye'] = 'Exchanges per eye is a whole number from 0 to 20, or tick unlimited';
  }
  const exchangeFeeCents = parseDollars(values.exchangeFeeCents);
  if (exchangeFeeCents === null)
    errors['warranty.exchangeFeeCents'] = 'Exchange fee is an amount in dollars, e.g. 25.00 (0 for none)';
  else if (exchangeFeeCents > 100_000) errors['warranty.exchangeFeeCents'] = FIELD_MESSAGES.exchangeFeeMax;
  const cancellationCreditPercent = wholeNumberIn(values.cancellationCreditPercent.replace(/%\s*$/, ''), 0, 100);
  if (cancellationCreditPercent === null)
    errors['warranty.cancellationCreditPercent'] = 'Cancellation credit is a whole percentage from 0 to 100';
  // A refused value goes on as NaN: the schema refuses it too, and the message above is the one shown.
  return {
    exchangesPerEye: values.unlimitedExchanges ? null : (exchangesPerEye ?? Number.NaN),
    exchangeFeeCents: exchangeFeeCents ?? Number.NaN,
    cancellationCreditPercent: cancellationCreditPercent ?? Number.NaN,
    returnRequired: values.returnRequired,
  };
}

/** One line for the list: "2 exchanges per eye · $25.00 fee · 80% credit on cancel · return required". */
export function warrantySummary(policy: WarrantyPolicy = DEFAULT_WARRANTY_POLICY): string {
  const exchanges =
    policy.exchangesPerEye === null
      ? 'Unlimited exchanges'
      : policy.exchangesPerEye === 0
        ? 'No exchanges'
        : `${policy.exchangesPerEye} ${policy.exchangesPerEye === 1 ? 'exchange' : 'exchanges'} per eye`;
  const fee =
    policy.exchangesPerEye === 0
      ? null
      : policy.exchangeFeeCents
        ? `${formatCents(policy.exchangeFeeCents)} fee`
        : 'no fee';
  return [
    exchanges,
    fee,
    `${policy.cancellationCreditPercent}% credit on cancel`,
    policy.returnRequired ? 'return required' : 'no return',
  ]
    .filter(Boolean)
    .join(' · ');
}

export const formatPrice = (cents: number | undefined) => (cents === undefined ? '—' : formatCents(cents));
