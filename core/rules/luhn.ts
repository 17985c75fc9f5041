/**
 * The Luhn checksum (ISO/IEC 7812-1): the last digit of a card number, and of an NPI read with its 80840 prefix,
 * makes the weighted digit sum a multiple of ten, so one mistyped digit or two swapped neighbors are caught.
 */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
