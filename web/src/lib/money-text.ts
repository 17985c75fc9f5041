/**
 * Money as the screens write and read it. formatCents and parseDollars are the core rules the server's emails,
 * PDFs and CSV use too, so a screen and a receipt never disagree; the screens take them from here.
 */
export { formatCents, parseDollars } from '../../../core/rules/invoice-balance';

/** Cents as an amount field starts ("120.50"): no "$" or thousands separators for the person to delete. */
export const dollarsText = (cents: number) => (cents / 100).toFixed(2);

/** What a dollar field says when its text is not money, with an example of the amount it expects. */
export const notMoney = (example: string) => `Enter an amount in dollars, e.g. ${example}`;

/** The input of an amount typed in dollars: a decimal keypad, nothing remembered, room for 999,999,999.99. */
export const DOLLAR_INPUT = { inputMode: 'decimal', autoComplete: 'off', maxLength: 12 } as const;
