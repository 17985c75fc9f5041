import type { CreditEntry } from '../../../core/schemas/credit';

/**
 * The ledger as CSV for a practice's reconciliation (RFC 4180: comma-separated, CRLF line ends, a field with
 * a comma, quote or line break in double quotes with quotes doubled). Amounts are plain dollars ("1234.50")
 * and always positive: the kind says which way an entry moved the balance, so no cell is a negative number.
 */
export const LEDGER_CSV_HEADER = [
  'Date',
  'Kind',
  'Reason',
  'Amount',
  'Balance after',
  'Order number',
  'Eye',
  'Invoice',
  'Note',
] as const;

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return, which some read past) as a
 * formula: text a practice or the lab typed (a note) could then run on the reader's machine. Such a cell gets
 * a leading apostrophe, which spreadsheets show as text (OWASP "CSV injection"). Spreadsheets also take the
 * full-width and small forms of those signs (＝＋－＠, ﹦﹢﹣) for them, and some skip invisible format characters
 * (a zero-width space, a byte order mark) and spaces before them, so those count as a formula's start too.
 */
const FORMULA_START = /^[\p{Cf}\s]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63]|^[\t\r]/u;

export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvField(value: string): string {
  const safe = guardFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRow = (values: string[]) => values.map(csvField).join(',');

/** Cents as plain dollars, "1234.50" (no currency sign or grouping: spreadsheets read it as a number). */
export const plainDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The CSV of these entries in the order given, header first, ending with a line break. */
export function ledgerCsv(entries: CreditEntry[]): string {
  const rows = entries.map((e) =>
    csvRow([
      e.at,
      e.kind,
      e.reason,
      plainDollars(e.amountCents),
      plainDollars(e.balanceAfterCents),
      e.orderNumber ?? '',
      e.eye ?? '',
      e.invoiceNumber ?? '',
      e.note ?? '',
    ]),
  );
  return [csvRow([...LEDGER_CSV_HEADER]), ...rows].join('\r\n') + '\r\n';
}
