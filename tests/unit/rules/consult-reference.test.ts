import { describe, expect, it } from 'vitest';
import {
  CONSULT_REFERENCE_ALPHABET,
  CONSULT_REFERENCE_PATTERN,
  consultReferenceOf,
} from '../../../core/rules/consult-reference';
import { newConsultReference } from '../../../lambdas/ports/consult-store';

describe('consult references are random and easy to read aloud', () => {
  it('have no look-alike characters: 30 distinct letters and digits without O, I, L or U', () => {
    expect(new Set(CONSULT_REFERENCE_ALPHABET).size).toBe(30);
    expect(CONSULT_REFERENCE_ALPHABET).not.toMatch(/[01OILU]/);
  });

  it('read AVC-XXXX-XXXX, one character per pick', () => {
    expect(consultReferenceOf([0, 1, 2, 3, 26, 27, 28, 29])).toBe('AVC-2345-WXYZ');
    expect(() => consultReferenceOf([0, 1, 2])).toThrow(RangeError);
    expect(() => consultReferenceOf([0, 1, 2, 3, 4, 5, 6, 30])).toThrow(RangeError);
  });

  it('are drawn at random, not counted: a thousand draws are all different and all of the pattern', () => {
    const drawn = Array.from({ length: 1000 }, () => newConsultReference());
    for (const reference of drawn) expect(reference).toMatch(CONSULT_REFERENCE_PATTERN);
    expect(new Set(drawn).size).toBe(1000);
    // Every character of the alphabet turns up: the draw covers it all.
    expect(new Set(drawn.join('').replace(/AVC|-/g, ''))).toEqual(new Set(CONSULT_REFERENCE_ALPHABET));
  });
});
