import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../../lambdas/kernel/outbox';
import { OutboxLeaseLost, type NoticeOutbox } from '../../../lambdas/ports/notice-outbox';

/**
 * The outbox rules the in-memory fake (tests/support/in-memory-outbox.ts) and the DynamoDB adapter both keep:
 * run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts. The
 * table is shared with the local stack's consumer, so every message here is due in 2099 (the stack's sweep
 * never takes it) and the test asserts only on its own ids.
 */
export function noticeOutboxContract(label: string, make: () => NoticeOutbox) {
  describe(`${label}: the notice outbox contract`, () => {
    const base = Date.UTC(2099, 0, 1) + Math.floor(Math.random() * 1e9);
    const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();
    const message = (offsetMs = 0): OutboxMessage => ({
      messageId: `contract-${randomUUID()}`,
      topic: 'email',
      notice: { to: ['a@example.com'], subject: 'Hello', nested: { n: 1 } },
      createdAt: at(offsetMs),
    });
    const lease = (now: number, until: number, leaseId = randomUUID()) => ({ leaseId, now: at(now), until: at(until) });

    it('a stored message is pending, due when created, untried, with nobody sent to and its notice intact', async () => {
      const outbox = make();
      const m = message();
      await outbox.add([m]);
      expect(await outbox.get(m.messageId)).toMatchObject({
        ...m,
        state: 'pending',
        dueAt: m.createdAt,
        attempts: 0,
        sentTo: [],
      });
    });

    it('messages are stored all or none: an id already stored refuses the whole batch', async () => {
      const outbox = make();
      const first = message();
      await outbox.add([first]);
      const fresh = message();
      await expect(outbox.add([fresh, { ...first }])).rejects.toThrow();
      expect(await outbox.get(fresh.messageId)).toBeNull();
    });

    it('only due pending messages are listed as due, oldest first', async () => {
      const outbox = make();
      const [early, late] = [message(1), message(5_000)];
      await outbox.add([late, early]);
      const due = (await outbox.due(at(2_000), 1000)).map((r) => r.messageId);
      expect(due).toContain(early.messageId);
      expect(due).not.toContain(late.messageId);
      const later = (await outbox.due(at(6_000), 1000)).map((r) => r.messageId);
      expect(later.indexOf(early.messageId)).toBeLessThan(later.indexOf(late.messageId));
    });

    it('a message is claimed by one consumer at a time until its lease ends', async () => {
      const outbox = make();
      const m = message();
      await outbox.add([m]);
      const claims = await Promise.all(Array.from({ length: 4 }, () => outbox.claim(m.messageId, lease(0, 10_000))));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await outbox.claim(m.messageId, lease(9_000, 20_000))).toBeNull();
      expect(await outbox.claim(m.messageId, lease(10_001, 20_000))).not.toBeNull();
    });

    it('sends are recorded under the lease only, and a lost lease is OutboxLeaseLost', async () => {
      const outbox = make();
      const m = message();
      await outbox.add([m]);
      const first = lease(0, 1_000);
      await outbox.claim(m.messageId, first);
      await outbox.markSent(m.messageId, first.leaseId, 'a@example.com');
      const second = lease(2_000, 5_000);
      expect(await outbox.claim(m.messageId, second)).toMatchObject({ sentTo: ['a@example.com'] });
      await expect(outbox.markSent(m.messageId, first.leaseId, 'b@example.com')).rejects.toBeInstanceOf(
        OutboxLeaseLost,
      );
      await expect(
        outbox.settle(m.messageId, first.leaseId, { state: 'sent', at: at(3_000), keepUntil: at(9_000) }),
      ).rejects.toBeInstanceOf(OutboxLeaseLost);
      expect(await outbox.get(m.messageId)).toMatchObject({ state: 'pending', sentTo: ['a@example.com'] });
    });

    it('a try that failed counts, frees the lease and is due again at its backoff; a sent one is never claimed again', async () => {
      const outbox = make();
      const m = message();
      await outbox.add([m]);
      const first = lease(0, 60_000);
      await outbox.claim(m.messageId, first);
      await outbox.settle(m.messageId, first.leaseId, { state: 'pending', dueAt: at(30_000), error: 'SES down' });
      expect(await outbox.get(m.messageId)).toMatchObject({
        state: 'pending',
        attempts: 1,
        dueAt: at(30_000),
        lastError: 'SES down',
      });
      expect((await outbox.due(at(29_000), 1000)).map((r) => r.messageId)).not.toContain(m.messageId);
      const second = lease(30_000, 90_000);
      expect(await outbox.claim(m.messageId, second)).not.toBeNull();
      await outbox.settle(m.messageId, second.leaseId, { state: 'sent', at: at(31_000), keepUntil: at(99_000) });
      expect(await outbox.get(m.messageId)).toMatchObject({ state: 'sent', sentAt: at(31_000), attempts: 1 });
      expect(await outbox.claim(m.messageId, lease(200_000, 300_000))).toBeNull();
      expect((await outbox.due(at(400_000), 1000)).map((r) => r.messageId)).not.toContain(m.messageId);
    });

    it('a dead message is listed in the dead-letter store, never due, and a redrive puts it back in the queue once', async () => {
      const outbox = make();
      const m = message();
      await outbox.add([m]);
      const first = lease(0, 60_000);
      await outbox.claim(m.messageId, first);
      await outbox.settle(m.messageId, first.leaseId, { state: 'dead', at: at(1_000), error: 'gave up' });
      const dead = await deadIds(outbox);
      expect(dead).toContain(m.messageId);
      expect((await outbox.due(at(900_000), 1000)).map((r) => r.messageId)).not.toContain(m.messageId);
      expect(await outbox.claim(m.messageId, lease(2_000, 3_000))).toBeNull();
      expect(await outbox.redrive(m.messageId, at(5_000))).toBe(true);
      expect(await outbox.redrive(m.messageId, at(5_000))).toBe(false);
      expect(await outbox.get(m.messageId)).toMatchObject({ state: 'pending', attempts: 0, dueAt: at(5_000) });
      expect(await deadIds(outbox)).not.toContain(m.messageId);
      expect(await outbox.redrive(`contract-${randomUUID()}`, at(5_000))).toBe(false);
    });
  });
}

async function deadIds(outbox: NoticeOutbox): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await outbox.listDead(100, cursor);
    ids.push(...page.items.map((r) => r.messageId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}
