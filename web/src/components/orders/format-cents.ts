/**
 * Money as the lab bills it ("$1,234.50", "-$3.00"), from integer cents. One home for the format: the core
 * rule that the server's emails, PDFs and CSV use, so a screen and a receipt never disagree.
 */
export { formatCents } from '../../../../core/rules/invoice-balance';
