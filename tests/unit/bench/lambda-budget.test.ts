import { describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLE_BUDGET_BYTES } from '../../../bench/lambda-budget';

describe('the Lambda bundle budget', () => {
  it('is 250 KB, one budget for every function (the PDF ones included: no exceptions)', () => {
    expect(LAMBDA_BUNDLE_BUDGET_BYTES).toBe(250_000);
  });
});
