import { describe, expect, it } from 'vitest';
import { BILLING, mayMoveMoney } from '../../core/routes/access-groups';

describe('mayMoveMoney: the pages offer the money actions exactly to the groups the money routes allow (BILLING)', () => {
  it('billing staff and super admins may; plain admins and practices may not', () => {
    expect(mayMoveMoney(['admin', 'billing'])).toBe(true);
    expect(mayMoveMoney(['admin', 'superadmin'])).toBe(true);
    expect(mayMoveMoney(['admin'])).toBe(false);
    expect(mayMoveMoney(['customer'])).toBe(false);
    expect(mayMoveMoney([])).toBe(false);
  });

  it('every group of BILLING alone is enough', () => {
    for (const group of BILLING) expect(mayMoveMoney([group])).toBe(true);
  });
});
