/**
 * The size budget of every Lambda bundle, checked by `bench/lambda-start.ts --check` (`npm run budget:lambda`).
 * KB = 1,000 bytes, minified, as the stack bundles it (infra/lambda-bundling.ts).
 */

/** The goal of "Lambdas start fast": every bundle at most 250 KB. */
export const LAMBDA_BUNDLE_BUDGET_BYTES = 250_000;

export interface BudgetException {
  /** The measured size plus a little room: growing past it fails the check as any other bundle would. */
  maxBytes: number;
  reason: string;
}

const PDF_LIB =
  'renders a PDF with pdf-lib: pdf-lib bundled alone is 432 KB (its standard-font metrics 130 KB, pako 46 KB), ' +
  'more than the whole budget; measured 636.5 KB with the function code';

/** The functions that cannot fit 250 KB, each with its own ceiling and why. */
export const LAMBDA_BUDGET_EXCEPTIONS: Readonly<Record<string, BudgetException>> = {
  getInvoicePdfUrl: { maxBytes: 640_000, reason: PDF_LIB },
  getReceiptPdfUrl: { maxBytes: 640_000, reason: PDF_LIB },
};

/** The most bytes the named function's bundle may have. */
export const bundleBudgetOf = (name: string): number =>
  LAMBDA_BUDGET_EXCEPTIONS[name]?.maxBytes ?? LAMBDA_BUNDLE_BUDGET_BYTES;
