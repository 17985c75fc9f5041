import { describe, expect, it } from 'vitest';
import {
  checkNumberParameter,
  formatParameterValue,
  PARAMETER_UNIT_SYMBOLS,
  validateLensParameters,
  withUnit,
} from '../../../core/rules/lens-parameters';
import { PARAMETER_UNITS, type OptionParameter, type ParameterDefinition } from '../../../core/schemas/lenses';
import { numberParameter, optionParameter } from '../../support/lens-parameters';

const sphere = numberParameter('sphere', 'Sphere', 'D', -20, 20, 0.25);
const cylinder = numberParameter('cylinder', 'Cylinder', 'D', -6, 0, 0.25, false);
const axis = numberParameter('axis', 'Axis', 'deg', 1, 180, 1, false);
const baseCurve = numberParameter('baseCurve', 'Base curve', 'mm', 6.5, 8.5, 0.01);
const diameter = numberParameter('diameter', 'Diameter', 'mm', 14.5, 20, 0.1);
const sag = numberParameter('sagittalDepth', 'Sagittal depth', 'um', 3000, 6500, 10);
const add = numberParameter('add', 'Add', 'D', 0.75, 3.5, 0.25, false);
const steps = numberParameter('landingZoneSteps', 'Toric landing steps', '', 1, 8, 1, false);
const material = optionParameter('material', 'Material', [
  ['boston-xo2', 'Boston XO2 (Dk 141)'],
  ['optimum-infinite', 'Optimum Infinite (Dk 180)'],
]);
const dot: OptionParameter = {
  ...material,
  key: 'dot',
  label: 'Dot',
  options: [{ value: 'od', label: 'OD' }],
  required: false,
};

const design: ParameterDefinition[] = [sphere, cylinder, axis, baseCurve, diameter, sag, add, material, dot];
const valid = { sphere: -3.75, baseCurve: 7.85, diameter: 16, sagittalDepth: 4230, material: 'boston-xo2' };

describe('validateLensParameters: required values', () => {
  it('a complete line with only required values has no errors', () => {
    expect(validateLensParameters(design, valid)).toEqual({});
  });

  it('a required value left out, undefined or empty is "<label> is required"', () => {
    const { sphere: _s, ...noSphere } = valid;
    expect(validateLensParameters(design, noSphere)).toEqual({ sphere: 'Sphere is required' });
    expect(validateLensParameters(design, { ...valid, sphere: undefined })).toEqual({ sphere: 'Sphere is required' });
    expect(validateLensParameters(design, { ...valid, material: '' })).toEqual({ material: 'Material is required' });
  });

  it('an optional value may be left out or empty', () => {
    expect(validateLensParameters(design, { ...valid, add: undefined, dot: '' })).toEqual({});
  });

  it('every missing required value is reported at once, so the form can mark all fields', () => {
    expect(Object.keys(validateLensParameters(design, {})).sort()).toEqual(
      ['baseCurve', 'diameter', 'material', 'sagittalDepth', 'sphere'].sort(),
    );
  });
});

describe('validateLensParameters: ranges', () => {
  it('the bounds themselves are accepted', () => {
    expect(validateLensParameters(design, { ...valid, sphere: -20 })).toEqual({});
    expect(validateLensParameters(design, { ...valid, sphere: 20 })).toEqual({});
    expect(validateLensParameters(design, { ...valid, diameter: 14.5, sagittalDepth: 6500 })).toEqual({});
  });

  it('a value outside the range names the range with the unit, dioptres signed', () => {
    expect(validateLensParameters(design, { ...valid, sphere: 20.25 })).toEqual({
      sphere: 'Sphere must be between -20.00 and +20.00 D',
    });
    expect(validateLensParameters(design, { ...valid, diameter: 20.1 })).toEqual({
      diameter: 'Diameter must be between 14.5 and 20.0 mm',
    });
    expect(validateLensParameters(design, { ...valid, sagittalDepth: 2990 })).toEqual({
      sagittalDepth: 'Sagittal depth must be between 3000 and 6500 µm',
    });
  });

  it('a parameter without a unit names the range without one', () => {
    expect(checkNumberParameter(steps, 9)).toBe('Toric landing steps must be between 1 and 8');
  });

  it('a string, NaN or Infinity in a numeric parameter is "must be a number"', () => {
    expect(validateLensParameters(design, { ...valid, sphere: '-3.75' })).toEqual({
      sphere: 'Sphere must be a number',
    });
    expect(validateLensParameters(design, { ...valid, sphere: Number.NaN })).toEqual({
      sphere: 'Sphere must be a number',
    });
    expect(checkNumberParameter(sphere, Number.POSITIVE_INFINITY)).toBe('Sphere must be a number');
  });
});

describe('validateLensParameters: steps (binary floating point)', () => {
  it.each([-3.75, -0.25, 0, 0.25, 7.5, -19.75, 19.75])('sphere %s is on the 0.25 D grid', (value) => {
    expect(checkNumberParameter(sphere, value)).toBeUndefined();
  });

  it.each([-3.8, 0.1, 1.125, -3.74])('sphere %s is refused as off the 0.25 D grid', (value) => {
    expect(checkNumberParameter(sphere, value)).toBe('Sphere must be in steps of 0.25 D');
  });

  it.each([7.85, 6.51, 7.29, 8.49, 7.07, 8.5])('base curve %s is on the 0.01 mm grid despite float error', (value) => {
    expect(checkNumberParameter(baseCurve, value)).toBeUndefined();
  });

  it.each([7.855, 7.8501, 6.505])('base curve %s is refused as finer than 0.01 mm', (value) => {
    expect(checkNumberParameter(baseCurve, value)).toBe('Base curve must be in steps of 0.01 mm');
  });

  it('steps count from the minimum (add 0.75 to 3.50 in 0.25 D)', () => {
    expect(checkNumberParameter(add, 1.25)).toBeUndefined();
    expect(checkNumberParameter(add, 0.8)).toBe('Add must be in steps of 0.25 D');
  });

  it('0.1 mm and 10 µm grids', () => {
    expect(checkNumberParameter(diameter, 15.3)).toBeUndefined();
    expect(checkNumberParameter(diameter, 15.35)).toBe('Diameter must be in steps of 0.1 mm');
    expect(checkNumberParameter(sag, 4235)).toBe('Sagittal depth must be in steps of 10 µm');
  });
});

describe('validateLensParameters: options and unknown keys', () => {
  it('an option must be one of the values listed', () => {
    expect(validateLensParameters(design, { ...valid, material: 'optimum-infinite' })).toEqual({});
    expect(validateLensParameters(design, { ...valid, material: 'Boston XO2 (Dk 141)' })).toEqual({
      material: 'Choose a material from the list',
    });
  });

  it('a number where an option is expected is refused the same way', () => {
    expect(validateLensParameters(design, { ...valid, material: 141 })).toEqual({
      material: 'Choose a material from the list',
    });
  });

  it('a key the design does not define is refused (no values slip past validation into an order)', () => {
    expect(validateLensParameters(design, { ...valid, tint: 'blue' })).toEqual({
      tint: 'tint is not a parameter of this design',
    });
  });

  it('an unknown key with no value is ignored (a field the form cleared)', () => {
    expect(validateLensParameters(design, { ...valid, tint: undefined })).toEqual({});
  });
});

describe('validateLensParameters: axis goes with cylinder', () => {
  it('a cylinder with an axis is accepted', () => {
    expect(validateLensParameters(design, { ...valid, cylinder: -1.25, axis: 90 })).toEqual({});
  });

  it('a cylinder without an axis needs one', () => {
    expect(validateLensParameters(design, { ...valid, cylinder: -1.25 })).toEqual({
      axis: 'Axis is required with a cylinder',
    });
  });

  it('an axis without a cylinder, or with a zero cylinder, is refused', () => {
    expect(validateLensParameters(design, { ...valid, axis: 90 })).toEqual({
      axis: 'Axis is given only with a cylinder',
    });
    expect(validateLensParameters(design, { ...valid, cylinder: 0, axis: 90 })).toEqual({
      axis: 'Axis is given only with a cylinder',
    });
  });

  it('axis is an integer 1-180: 0, 181 and 90.5 are refused with their own message', () => {
    expect(validateLensParameters(design, { ...valid, cylinder: -1, axis: 0 })).toEqual({
      axis: 'Axis must be between 1 and 180°',
    });
    expect(validateLensParameters(design, { ...valid, cylinder: -1, axis: 181 }).axis).toBe(
      'Axis must be between 1 and 180°',
    );
    expect(validateLensParameters(design, { ...valid, cylinder: -1, axis: 90.5 }).axis).toBe(
      'Axis must be in steps of 1°',
    );
  });

  it('a bad cylinder is reported on the cylinder only, not again as an axis problem', () => {
    expect(validateLensParameters(design, { ...valid, cylinder: -1.3 })).toEqual({
      cylinder: 'Cylinder must be in steps of 0.25 D',
    });
  });

  it('designs without cylinder and axis have no axis rule', () => {
    expect(validateLensParameters([sphere], { sphere: 1 })).toEqual({});
  });
});

describe('formatParameterValue', () => {
  it('dioptres carry a sign when positive and two decimals for 0.25 steps', () => {
    expect(formatParameterValue(sphere, 2)).toBe('+2.00');
    expect(formatParameterValue(sphere, -3.75)).toBe('-3.75');
    expect(formatParameterValue(sphere, 0)).toBe('0.00');
  });

  it('other units use the step decimals and no sign', () => {
    expect(formatParameterValue(baseCurve, 7.85)).toBe('7.85');
    expect(formatParameterValue(baseCurve, 7.1)).toBe('7.10');
    expect(formatParameterValue(diameter, 14.5)).toBe('14.5');
    expect(formatParameterValue(axis, 90)).toBe('90');
    expect(formatParameterValue(sag, 4230)).toBe('4230');
  });

  it('a float sum like 0.1 + 0.2 prints as the step shows it', () => {
    expect(formatParameterValue(diameter, 0.1 + 0.2 + 14)).toBe('14.3');
  });
});

describe('units as people read them', () => {
  it('every catalog unit has a display symbol: um as µm, deg as °, D and mm as they are', () => {
    expect(Object.keys(PARAMETER_UNIT_SYMBOLS).sort()).toEqual([...PARAMETER_UNITS].sort());
    expect(PARAMETER_UNIT_SYMBOLS).toEqual({ D: 'D', mm: 'mm', um: 'µm', deg: '°', '': '' });
  });

  it('a value takes its symbol after a space, except the degree sign, and nothing without a unit', () => {
    expect(withUnit('4200', 'um')).toBe('4200 µm');
    expect(withUnit('7.80', 'mm')).toBe('7.80 mm');
    expect(withUnit('-3.25', 'D')).toBe('-3.25 D');
    expect(withUnit('90', 'deg')).toBe('90°');
    expect(withUnit('3', '')).toBe('3');
  });
});
