/**
 * Consult references ("AVC-K7M3-9QX2"): what a requester quotes on the phone and the lab types into a search.
 * Random, not a counter (docs/decisions/0082-random-consult-references.md), so a reference says nothing about how
 * many consults the lab has or which came before, and the honeypot's made-up one looks like any other. Eight
 * characters of an alphabet without look-alikes (no O, I, L or U beside 0, 1 and V): 30^8, about 6.6 * 10^11, in two
 * groups of four that read aloud easily.
 */
export const CONSULT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CONSULT_REFERENCE_LENGTH = 8;
export const CONSULT_REFERENCE_PATTERN = /^AVC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

/** The reference of eight picks, each a whole number below the alphabet's size. */
export function consultReferenceOf(picks: readonly number[]): string {
  if (picks.length !== CONSULT_REFERENCE_LENGTH) throw new RangeError('A consult reference takes eight picks');
  const chars = picks.map((pick) => {
    const char = CONSULT_REFERENCE_ALPHABET[pick];
    if (char === undefined || !Number.isInteger(pick)) throw new RangeError(`Not a pick: ${pick}`);
    return char;
  });
  return `AVC-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}
