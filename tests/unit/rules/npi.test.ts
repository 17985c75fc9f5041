import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passesLuhn } from '../../../core/rules/luhn';
import { NPI_MESSAGES, npiProblem } from '../../../core/rules/npi';

/** The check digit CMS's algorithm gives nine digits: Luhn over 80840 + the nine, computed the long way. */
function cmsCheckDigit(nine: string): number {
  // CMS's worked example: double every other digit from the right of the nine, add 24 for the prefix.
  let sum = 24;
  for (let i = 0; i < 9; i++) {
    let d = Number(nine[8 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

describe('NPI (the prescriber on every order: 10 digits, Luhn check over the prefix 80840)', () => {
  it("CMS's published example 1234567893 is an NPI; the same nine digits with any other last digit are not", () => {
    expect(npiProblem('1234567893')).toBeNull();
    for (const last of '012456789') expect(npiProblem(`123456789${last}`)).toBe(NPI_MESSAGES.checkDigit);
  });

  it('spaces and dashes as typed are ignored; other lengths and letters say an NPI has 10 digits', () => {
    expect(npiProblem('123 456-7893')).toBeNull();
    expect(npiProblem('')).toBe(NPI_MESSAGES.required);
    expect(npiProblem('   ')).toBe(NPI_MESSAGES.required);
    expect(npiProblem('123456789')).toBe(NPI_MESSAGES.shape);
    expect(npiProblem('12345678930')).toBe(NPI_MESSAGES.shape);
    expect(npiProblem('12345678a3')).toBe(NPI_MESSAGES.shape);
    expect(npiProblem('１２３４５６７８９３')).toBe(NPI_MESSAGES.shape);
  });

  it('every nine digits have exactly one check digit, the one the CMS algorithm gives', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (nine) => {
        const valid = [...'0123456789'].filter((d) => npiProblem(nine + d) === null);
        expect(valid).toEqual([String(cmsCheckDigit(nine))]);
      }),
    );
  });

  it('a single mistyped digit is always caught', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.nat(9), fc.integer({ min: 1, max: 9 }), (nine, at, bump) => {
        const npi = nine + String(cmsCheckDigit(nine));
        const typo = npi.slice(0, at) + String((Number(npi[at]) + bump) % 10) + npi.slice(at + 1);
        expect(npiProblem(typo)).toBe(NPI_MESSAGES.checkDigit);
      }),
    );
  });

  it('the shared Luhn check accepts a test card number and refuses anything not all digits', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242 4242')).toBe(false);
  });
});
