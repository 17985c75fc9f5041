import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { periodOfMonth } from '../../../core/rules/statements';
import type { Statement } from '../../../core/schemas/statements';
import { moneyNotice } from '../../../lambdas/ports/money-notifier';
import type { NoticeOutbox } from '../../../lambdas/ports/notice-outbox';
import type { StatementStore } from '../../../lambdas/ports/statement-store';

/**
 * The StatementStore rules the in-memory fake (tests/support/in-memory-statements.ts) and the DynamoDB adapter both
 * keep: run from tests/unit/lambdas/statements/statement-store-contract.test.ts (fake) and
 * tests/integration/statement-store.test.ts. Accounts are unique to the run; months far from real data.
 */
export function statementStoreContract<S extends StatementStore>(
  label: string,
  make: () => S,
  outboxOf: (store: S) => Pick<NoticeOutbox, 'get'>,
) {
  describe(`${label}: the statement store contract`, () => {
    const account = () => `ST-${randomUUID().slice(0, 8).toUpperCase()}`;
    const statement = (accountNumber: string, month: string, version: number, closingCents = 100): Statement => {
      const period = periodOfMonth(month);
      return {
        accountNumber,
        month,
        version,
        periodFrom: period.from,
        periodTo: period.to,
        timeZone: 'America/New_York',
        practiceName: 'Contract Practice',
        issuedAt: '2031-01-01T16:00:00.000Z',
        openingCents: 0,
        chargesCents: closingCents,
        paymentsCents: 0,
        creditsCents: 0,
        closingCents,
        lines: [
          {
            day: period.from,
            kind: 'invoice',
            invoiceNumber: 'INV-1',
            amountCents: closingCents,
            column: 'charges',
            balanceAfterCents: closingCents,
          },
        ],
        aging: { current: closingCents, days1To30: 0, days31To60: 0, days61To90: 0, over90: 0 },
      };
    };
    const notice = (s: Statement) => {
      const { lines: _lines, ...summary } = s;
      return moneyNotice({ now: () => new Date() }, { kind: 'statement-issued', statement: summary, to: [] });
    };

    it('issues a version once: a second issue of it writes nothing, its notice included, and keeps the first', async () => {
      const store = make();
      const outbox = outboxOf(store);
      const a = account();
      const first = notice(statement(a, '2030-11', 1));
      expect(await store.issue(statement(a, '2030-11', 1), [first])).toBe(true);
      expect(await outbox.get(first.messageId)).toMatchObject({ messageId: first.messageId });
      const again = notice(statement(a, '2030-11', 1, 999));
      expect(await store.issue(statement(a, '2030-11', 1, 999), [again])).toBe(false);
      expect(await outbox.get(again.messageId)).toBeNull();
      expect(await store.get(a, '2030-11', 1)).toEqual(statement(a, '2030-11', 1));
    });

    it('keeps every version; latest is the newest of the month, previous the newest of an earlier month', async () => {
      const store = make();
      const a = account();
      await store.issue(statement(a, '2030-10', 1, 10), []);
      await store.issue(statement(a, '2030-10', 2, 20), []);
      await store.issue(statement(a, '2030-11', 1, 30), []);
      expect((await store.latest(a, '2030-10'))?.closingCents).toBe(20);
      expect((await store.get(a, '2030-10', 1))?.closingCents).toBe(10);
      expect((await store.previous(a, '2030-11'))?.closingCents).toBe(20);
      expect(await store.previous(a, '2030-10')).toBeNull();
      expect(await store.latest(a, '2030-12')).toBeNull();
    });

    it('lists an account newest first and a month by account, page by page', async () => {
      const store = make();
      const [a, b] = [account(), account()].sort();
      for (const [acc, month, version] of [
        [a, '2030-09', 1],
        [a, '2030-10', 1],
        [a, '2030-10', 2],
        [b!, '2030-10', 1],
      ] as const)
        await store.issue(statement(acc!, month, version), []);
      const first = await store.listAccount(a!, 2);
      expect(first.items.map((s) => [s.month, s.version])).toEqual([
        ['2030-10', 2],
        ['2030-10', 1],
      ]);
      const second = await store.listAccount(a!, 2, first.nextCursor!);
      expect(second.items.map((s) => [s.month, s.version])).toEqual([['2030-09', 1]]);
      const month = (await store.listMonth('2030-10', 100)).items.filter(
        (s) => s.accountNumber === a || s.accountNumber === b,
      );
      expect(month.map((s) => [s.accountNumber, s.version])).toEqual([
        [a, 1],
        [a, 2],
        [b, 1],
      ]);
    });
  });
}
