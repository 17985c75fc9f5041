import { describe, expect, it } from 'vitest';
import { claimCreditCents, exchangeRefusal, policyOf } from '../../../../core/rules/warranty';
import { DEFAULT_WARRANTY_POLICY } from '../../../../core/schemas/lens';

const policy = (overrides: Partial<typeof DEFAULT_WARRANTY_POLICY> = {}) => ({
  ...DEFAULT_WARRANTY_POLICY,
  ...overrides,
});
const line = (priceCents: number | undefined, quantity = 1) => ({ quantity, design: { priceCents } as never });

describe('warranty rules for claims and exchanges (core/rules/warranty.ts)', () => {
  it('a line stored before policies existed is under the default policy', () => {
    expect(policyOf({ design: {} })).toEqual(DEFAULT_WARRANTY_POLICY);
    const own = policy({ exchangesPerEye: 1 });
    expect(policyOf({ design: { warranty: own } })).toBe(own);
  });

  it("a cancellation credits price x percentage (rounded down); a defect the whole line's price", () => {
    const half = policy({ cancellationCreditPercent: 50 });
    expect(claimCreditCents('cancellation', line(333, 1), half)).toBe(166);
    expect(claimCreditCents('defect', line(333, 1), half)).toBe(333);
    expect(claimCreditCents('defect', line(40_000, 2), policy({ cancellationCreditPercent: 0 }))).toBe(80_000);
    expect(claimCreditCents('defect', line(undefined), half)).toBe(0);
  });

  it('an exchange is refused once the used count reaches the allowed count, saying which lens', () => {
    const one = policy({ exchangesPerEye: 1 });
    expect(exchangeRefusal({ policy: one, used: 0, orderNumber: 'LL-1', eye: 'OD' })).toBeNull();
    expect(exchangeRefusal({ policy: one, used: 1, orderNumber: 'LL-1', eye: 'OD' })).toBe(
      'The OD lens of order LL-1 has used its 1 exchange allowed under its warranty.',
    );
    expect(exchangeRefusal({ policy: policy({ exchangesPerEye: 3 }), used: 5, orderNumber: 'LL-1', eye: 'OS' })).toBe(
      'The OS lens of order LL-1 has used all 3 exchanges allowed under its warranty.',
    );
    expect(exchangeRefusal({ policy: policy({ exchangesPerEye: 0 }), used: 0, orderNumber: null, eye: 'OS' })).toBe(
      'The warranty of the OS lens of this order allows no exchanges.',
    );
    expect(
      exchangeRefusal({ policy: policy({ exchangesPerEye: null }), used: 99, orderNumber: 'LL-1', eye: 'OD' }),
    ).toBeNull();
  });
});
