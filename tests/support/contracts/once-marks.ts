import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { moneyNotice } from '../../../lambdas/ports/money-notifier';
import type { NoticeOutbox } from '../../../lambdas/ports/notice-outbox';
import { ONCE_MARKS_WRITE_LIMIT, type OnceMarks } from '../../../lambdas/ports/once-marks';
import { refusalOf } from './contract-helpers';

/**
 * The OnceMarks rules the in-memory fake (tests/support/money-email-fakes.ts) and the DynamoDB adapter both
 * keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * Keys are unique to the run (the tokens table is shared); `outboxOf` reads where the notices go.
 */
export function onceMarksContract<M extends OnceMarks>(
  label: string,
  make: () => M,
  outboxOf: (marks: M) => Pick<NoticeOutbox, 'get'>,
) {
  describe(`${label}: the once-marks contract`, () => {
    const expiresAt = new Date(Date.UTC(2030, 0, 1));
    const mark = () => ({ key: `contract-once#${randomUUID()}`, expiresAt });
    // As the warranty job stores them; an account no practice has, so a consumer that delivers it mails no one.
    const notice = () =>
      moneyNotice(
        { now: () => new Date() },
        { kind: 'warranty-ending', accountNumber: `CONTRACT-${randomUUID()}`, lenses: [], to: [] },
      );

    it('marks not placed before are placed with their notice; a call naming any of them places nothing, stores no notice and answers the keys found', async () => {
      const marks = make();
      const outbox = outboxOf(marks);
      const [a, b, c] = [mark(), mark(), mark()];
      const first = notice();
      expect(await marks.markOnce([a, b], [first])).toEqual([]);
      // Stored as written (a running consumer may have delivered it since: its state is not asserted).
      expect(await outbox.get(first.messageId)).toMatchObject(first);

      const refused = notice();
      expect(await marks.markOnce([c, b], [refused])).toEqual([b.key]);
      expect(await outbox.get(refused.messageId)).toBeNull();
      const both = await marks.markOnce([a, b], [notice()]);
      expect(both.length).toBeGreaterThan(0);
      expect(both.every((key) => key === a.key || key === b.key)).toBe(true);
      // The refused call did not place its other mark either.
      expect(await marks.markOnce([c], [])).toEqual([]);
    });

    it('keys are marked independently, later expiry or not', async () => {
      const marks = make();
      const [a, b] = [mark(), mark()];
      expect(await marks.markOnce([a], [notice()])).toEqual([]);
      expect(await marks.markOnce([b], [notice()])).toEqual([]);
      expect(await marks.markOnce([{ ...a, expiresAt: new Date(Date.UTC(2031, 0, 1)) }], [])).toEqual([a.key]);
    });

    it('of calls marking one key at the same moment, exactly one places it and only its notice is stored', async () => {
      const marks = make();
      const outbox = outboxOf(marks);
      const once = mark();
      const notices = Array.from({ length: 5 }, notice);
      const answers = await Promise.allSettled(notices.map((n) => marks.markOnce([once], [n])));
      const placed = answers.flatMap((a, i) => (a.status === 'fulfilled' && a.value.length === 0 ? [i] : []));
      expect(placed).toHaveLength(1);
      // The others found the mark, or were refused while the winner was in flight: either way they stored nothing.
      for (const [i, answer] of answers.entries())
        if (i !== placed[0] && answer.status === 'fulfilled') expect(answer.value).toEqual([once.key]);
      const stored = await Promise.all(notices.map((n) => outbox.get(n.messageId)));
      expect(stored.map((s) => s !== null)).toEqual(notices.map((_, i) => i === placed[0]));
    });

    it('more marks and notices than one transaction holds are refused before anything is written', async () => {
      const marks = make();
      const outbox = outboxOf(marks);
      const many = Array.from({ length: ONCE_MARKS_WRITE_LIMIT }, mark);
      const over = notice();
      expect(await refusalOf(marks.markOnce(many, [over]))).toBeInstanceOf(Error);
      expect(await outbox.get(over.messageId)).toBeNull();
      expect(await marks.markOnce([many[0]!], [])).toEqual([]);
    });
  });
}
