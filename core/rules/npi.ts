import { passesLuhn } from './luhn';

/**
 * The prescriber's National Provider Identifier: ten digits, the last a Luhn check digit computed over the nine
 * before it with the prefix 80840 (the card-issuer prefix CMS took for health care), so a mistyped NPI is refused
 * where it is typed rather than found on a claim weeks later.
 */
export const NPI_PREFIX = '80840';

export const NPI_MESSAGES = {
  required: 'Enter the prescriber’s NPI',
  shape: 'An NPI has 10 digits',
  checkDigit: 'The NPI’s check digit does not match: please check the number',
} as const;

/** Spaces and dashes as people type them ("123 456-7890") are not part of the number. */
export const normalizeNpi = (typed: string) => typed.replace(/[\s-]/g, '');

/** Why `typed` is not an NPI, or null when it is one. */
export function npiProblem(typed: string): string | null {
  const npi = normalizeNpi(typed);
  if (npi === '') return NPI_MESSAGES.required;
  if (!/^\d{10}$/.test(npi)) return NPI_MESSAGES.shape;
  return passesLuhn(`${NPI_PREFIX}${npi}`) ? null : NPI_MESSAGES.checkDigit;
}
