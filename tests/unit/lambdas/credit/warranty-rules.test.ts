import { describe, expect, it } from 'vitest';
import {
  billedCentsOf,
  claimCreditCents,
  exchangeRefusal,
  likeForLikeRefusal,
  originalOrderIdOf,
  policyOf,
} from '../../../../core/rules/warranty';
import { DEFAULT_WARRANTY_POLICY } from '../../../../core/schemas/lenses';

const policy = (overrides: Partial<typeof DEFAULT_WARRANTY_POLICY> = {}) => ({
  ...DEFAULT_WARRANTY_POLICY,
  ...overrides,
});

describe('warranty rules for claims and exchanges (core/rules/warranty.ts)', () => {
  it('a line stored before policies existed is under the default policy', () => {
    expect(policyOf({ design: {} })).toEqual(DEFAULT_WARRANTY_POLICY);
    const own = policy({ exchangesPerEye: 1 });
    expect(policyOf({ design: { warranty: own } })).toBe(own);
  });

  it('a cancellation credits what the lens was billed x percentage (rounded down); a defect all of it', () => {
    const half = policy({ cancellationCreditPercent: 50 });
    expect(claimCreditCents('cancellation', 333, half)).toBe(166);
    expect(claimCreditCents('defect', 333, half)).toBe(333);
    expect(claimCreditCents('defect', 80_000, policy({ cancellationCreditPercent: 0 }))).toBe(80_000);
    expect(claimCreditCents('defect', 0, half)).toBe(0);
  });

  it('what a line is billed: price x quantity; a warranty exchange its fee once per eye (docs/decisions/0058-warranty-chains.md)', () => {
    const ordered = { design: { priceCents: 14_500 } as never, quantity: 2 };
    expect(billedCentsOf({}, ordered)).toBe(29_000);
    expect(billedCentsOf({ remake: { kind: 'reorder', ofOrderId: 'o1' } }, ordered)).toBe(29_000);
    expect(billedCentsOf({ remake: { kind: 'warranty', ofOrderId: 'o1', exchangeFeeCents: 2_500 } }, ordered)).toBe(
      2_500,
    );
    // A $0 exchange (or one stored before fees were kept) was billed nothing, so its claims credit nothing.
    expect(billedCentsOf({ remake: { kind: 'warranty', ofOrderId: 'o1', exchangeFeeCents: 0 } }, ordered)).toBe(0);
    expect(billedCentsOf({ remake: { kind: 'warranty', ofOrderId: 'o1' } }, ordered)).toBe(0);
  });

  it('a chain is counted on its original order: a remake names it, an older remake its remade order (docs/decisions/0058-warranty-chains.md)', () => {
    expect(originalOrderIdOf({ orderId: 'o1' })).toBe('o1');
    expect(originalOrderIdOf({ orderId: 'o2', remake: { kind: 'reorder', ofOrderId: 'o1' } })).toBe('o2');
    expect(originalOrderIdOf({ orderId: 'o2', remake: { kind: 'warranty', ofOrderId: 'o1' } })).toBe('o1');
    expect(
      originalOrderIdOf({ orderId: 'o3', remake: { kind: 'warranty', ofOrderId: 'o2', originalOrderId: 'o1' } }),
    ).toBe('o1');
  });

  it('a warranty exchange is like for like: the same design and quantity (docs/decisions/0058-warranty-chains.md)', () => {
    const remade = { eye: 'OD' as const, lensId: 'gp', quantity: 1, design: { name: 'Precision GP' } as never };
    expect(likeForLikeRefusal({ remade, line: { lensId: 'gp', quantity: 1 }, orderNumber: 'LL-1' })).toBeNull();
    const message =
      'A warranty exchange of the OD lens of order LL-1 keeps its design and quantity (Precision GP, 1 lens). For another design or more lenses, place a new order.';
    expect(likeForLikeRefusal({ remade, line: { lensId: 'ampleye', quantity: 1 }, orderNumber: 'LL-1' })).toBe(message);
    expect(likeForLikeRefusal({ remade, line: { lensId: 'gp', quantity: 10 }, orderNumber: 'LL-1' })).toBe(message);
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
