/**
 * The size budget of every Lambda bundle, checked by `bench/lambda-start.ts --check` (`npm run budget:lambda`).
 * KB = 1,000 bytes, minified, as the stack bundles it (infra/lambda-bundling.ts).
 */

/**
 * The goal of "Lambdas start fast": every bundle at most 250 KB, the PDF functions too (they write PDFs with
 * lambdas/documents/pdf-writer.ts, not pdf-lib; docs/decisions/0054-pdfs.md).
 */
export const LAMBDA_BUNDLE_BUDGET_BYTES = 250_000;
