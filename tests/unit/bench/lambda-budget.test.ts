import { describe, expect, it } from 'vitest';
import { bundleBudgetOf, LAMBDA_BUDGET_EXCEPTIONS, LAMBDA_BUNDLE_BUDGET_BYTES } from '../../../bench/lambda-budget';
import { ROUTES } from '../../../core/routes';

describe('the Lambda bundle budget', () => {
  it('is 250 KB for every function not listed as an exception', () => {
    expect(LAMBDA_BUNDLE_BUDGET_BYTES).toBe(250_000);
    expect(bundleBudgetOf('getOrder')).toBe(LAMBDA_BUNDLE_BUDGET_BYTES);
  });

  it('gives a listed function its own ceiling, above 250 KB and with the reason written', () => {
    for (const [name, exception] of Object.entries(LAMBDA_BUDGET_EXCEPTIONS)) {
      expect(bundleBudgetOf(name)).toBe(exception.maxBytes);
      expect(exception.maxBytes).toBeGreaterThan(LAMBDA_BUNDLE_BUDGET_BYTES);
      expect(exception.reason.length).toBeGreaterThan(20);
    }
  });

  it('lists only functions the stack has (a renamed route cannot keep a stale exception)', () => {
    expect(Object.keys(LAMBDA_BUDGET_EXCEPTIONS).filter((name) => !(name in ROUTES))).toEqual([]);
  });
});
