import type { NumberParameter, OptionParameter } from '../../core/schemas/lenses';

/** A number parameter of a lens design, as the lab enters it; required unless said. */
export const numberParameter = (
  key: string,
  label: string,
  unit: NumberParameter['unit'],
  min: number,
  max: number,
  step: number,
  required = true,
): NumberParameter => ({ kind: 'number', key, label, unit, min, max, step, required });

/** A parameter chosen from a list of [value, label] options; required unless said. */
export const optionParameter = (
  key: string,
  label: string,
  options: [value: string, label: string][],
  required = true,
): OptionParameter => ({
  kind: 'option',
  key,
  label,
  options: options.map(([value, text]) => ({ value, label: text })),
  required,
});
