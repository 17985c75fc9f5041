/**
 * The customers table's `companyKey` (the byStatus index's sort key): the practice name folded for
 * searching (accents dropped, lower-case, single spaces) + '#' + account number, so practices list in
 * name order and a typed prefix finds "Brightview" from "bright" or "BRIGHT". Every write of a practice
 * sets it; the seed must too.
 */
/** A name as it sorts and is searched; the lens catalogue orders design names by it too (lensNameKey). */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function companySortKey(company: string, accountNumber: string): string {
  return `${foldForSearch(company)}#${accountNumber}`;
}
