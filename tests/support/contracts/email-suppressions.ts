import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EmailSuppression, EmailSuppressions } from '../../../lambdas/ports/email-suppressions';

/** A suppression as the SES feedback handler records it, for an address unique to the run (the table is shared). */
function suppression(overrides: Partial<EmailSuppression> = {}): EmailSuppression {
  return {
    address: `bounced-${randomUUID().slice(0, 8)}@contract.test`,
    reason: 'bounce',
    at: '2025-03-01T10:00:00.000Z',
    messageId: `msg-${randomUUID()}`,
    ...overrides,
  };
}

/**
 * The EmailSuppressions rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter
 * both keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 */
export function emailSuppressionsContract(label: string, make: () => EmailSuppressions) {
  describe(`${label}: the email suppressions contract`, () => {
    it('an address is stored lower-cased and found in any case or with spaces around it, keyed lower-cased', async () => {
      const suppressions = make();
      const recorded = suppression();
      await suppressions.record({ ...recorded, address: recorded.address.toUpperCase() });
      const found = await suppressions.find([`  ${recorded.address.toUpperCase()} `]);
      expect([...found.entries()]).toEqual([[recorded.address, recorded]]);
    });

    it('find answers only the suppressed addresses of those asked, each once', async () => {
      const suppressions = make();
      const [a, b] = [suppression(), suppression({ reason: 'complaint' })];
      await suppressions.record(a);
      await suppressions.record(b);
      const clean = suppression().address;
      const found = await suppressions.find([a.address, clean, b.address, a.address.toUpperCase()]);
      expect(found).toEqual(
        new Map([
          [a.address, a],
          [b.address, b],
        ]),
      );
      expect((await suppressions.find([])).size).toBe(0);
    });

    it('recording an address again replaces its suppression with the latest report', async () => {
      const suppressions = make();
      const first = suppression();
      await suppressions.record(first);
      const latest = { ...first, reason: 'complaint' as const, at: '2025-03-02T10:00:00.000Z', messageId: 'msg-2' };
      await suppressions.record(latest);
      expect((await suppressions.find([first.address])).get(first.address)).toEqual(latest);
    });
  });
}
