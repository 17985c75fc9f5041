import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../core/group-digits';

describe('groupDigits', () => {
  it('groups a whole number by thousands exactly as en-US number formatting does', () => {
    for (const n of [0, 7, 999, 1_000, 12_345, 100_000, 999_999, 1_234_567, 10_000_000, 253_402_300_799_999]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
