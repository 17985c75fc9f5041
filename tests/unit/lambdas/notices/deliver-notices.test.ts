import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  composeEmail,
  html,
  storedEmail,
  type OutgoingEmail,
  type StoredEmail,
} from '../../../../lambdas/email/safe-email';
import { emailNotice, sendStoredEmail } from '../../../../lambdas/email/email-notice';
import { outboxMessage, OUTBOX_POLICY, retryDelayMs, type OutboxMessage } from '../../../../lambdas/kernel/outbox';
import type { EmailSender } from '../../../../lambdas/ports/email-sender';
import type { NoticeSenders } from '../../../../lambdas/ports/notice-outbox';
import {
  deliverDueNotices,
  deliverEach,
  deliverMessage,
  redriveDeadNotices,
  type DeliverNoticesDeps,
} from '../../../../lambdas/use-cases/notices';
import { InMemoryOutbox } from '../../../support/in-memory-outbox';
import { memoryLogger } from '../../../support/in-memory-ports';

/**
 * The outbox consumer: every notice reaches each recipient once, whatever fails and whoever else consumes
 * (docs/decisions/0098-transactional-outbox.md).
 */
const POLICY = { ...OUTBOX_POLICY, leaseMs: 1_000, retryBaseMs: 1_000, retryCapMs: 8_000, attempts: 4 };

const email = (to: string, subject = 'Order 1001 approved'): OutgoingEmail =>
  composeEmail({ to, subject, text: subject, html: html`<p>${subject}</p>` });

/** A mailer that keeps what it accepted and fails while `down` says so. */
class Mailer implements EmailSender {
  readonly sent: OutgoingEmail[] = [];
  down: (email: OutgoingEmail) => boolean = () => false;
  async send(e: OutgoingEmail) {
    if (this.down(e)) throw new Error('SES is unavailable');
    this.sent.push(e);
  }
  countTo(address: string) {
    return this.sent.filter((e) => e.to.includes(address)).length;
  }
}

/** A sender that emails every address in the notice's `to`, one email each (as the notifiers do). */
const perRecipient: NoticeSenders = async (message, channel) => {
  for (const to of message.notice.to as string[]) await channel.mailer.send(email(to, String(message.notice.subject)));
};

function setup(senders: NoticeSenders = perRecipient) {
  const clock = { t: Date.UTC(2026, 11, 2, 9) };
  const outbox = new InMemoryOutbox();
  const mailer = new Mailer();
  const { log, lines } = memoryLogger();
  const deps: DeliverNoticesDeps = {
    outbox,
    senders,
    mailer,
    log,
    now: () => new Date(clock.t),
    policy: POLICY,
  };
  const add = (notice: Record<string, unknown>): OutboxMessage => {
    const m = outboxMessage(deps, 'email', notice);
    outbox.store([m]);
    return m;
  };
  return { clock, outbox, mailer, deps, lines, add };
}

describe('the outbox consumer', () => {
  it('delivers a due message to each recipient and settles it sent', async () => {
    const { outbox, mailer, deps, add } = setup();
    const m = add({ to: ['a@example.com', 'b@example.com'], subject: 'Order 1001 approved' });
    expect(await deliverDueNotices(deps)).toEqual({ sent: 1, retry: 0, dead: 0, skipped: 0 });
    expect(mailer.sent.map((e) => e.to[0])).toEqual(['a@example.com', 'b@example.com']);
    expect(await outbox.get(m.messageId)).toMatchObject({ state: 'sent', sentTo: ['a@example.com', 'b@example.com'] });
    expect(await deliverDueNotices(deps)).toEqual({ sent: 0, retry: 0, dead: 0, skipped: 0 });
  });

  it('an email stored for several people separately reaches each alone, and a failed one alone is sent again', async () => {
    const { clock, outbox, mailer, deps } = setup((message, channel) =>
      sendStoredEmail(message.notice as unknown as StoredEmail, channel.mailer),
    );
    const to = ['a@example.com', 'b@example.com', 'c@example.com'];
    const m = emailNotice(deps, email(to[0]!, 'A new user was linked'), { separately: true });
    outbox.store([{ ...m, notice: { ...m.notice, to } }]);
    mailer.down = (e) => e.to.includes('b@example.com');
    expect(await deliverMessage(deps, m.messageId)).toBe('retry');
    expect(mailer.sent.map((e) => e.to)).toEqual([['a@example.com'], ['c@example.com']]);
    mailer.down = () => false;
    clock.t += POLICY.retryCapMs;
    expect(await deliverMessage(deps, m.messageId)).toBe('sent');
    expect(mailer.sent.map((e) => e.to)).toEqual([['a@example.com'], ['c@example.com'], ['b@example.com']]);
  });

  it('after a failed send it retries at the backoff and sends only to recipients who do not have it yet', async () => {
    const { clock, outbox, mailer, deps, add } = setup();
    const m = add({ to: ['a@example.com', 'b@example.com'], subject: 'Invoice issued' });
    mailer.down = (e) => e.to.includes('b@example.com');
    expect(await deliverMessage(deps, m.messageId)).toBe('retry');
    const record = await outbox.get(m.messageId);
    expect(record).toMatchObject({
      state: 'pending',
      attempts: 1,
      sentTo: ['a@example.com'],
      lastError: 'SES is unavailable',
    });
    const wait = Date.parse(record!.dueAt) - clock.t;
    expect(wait).toBeGreaterThanOrEqual(1_000);
    expect(wait).toBeLessThanOrEqual(1_100);

    mailer.down = () => false;
    expect((await deliverDueNotices(deps)).sent).toBe(0);
    clock.t += wait;
    expect((await deliverDueNotices(deps)).sent).toBe(1);
    expect(mailer.countTo('a@example.com')).toBe(1);
    expect(mailer.countTo('b@example.com')).toBe(1);
  });

  it('parks a message in the dead-letter store after the last try, logs the alarm line, and a redrive sends it', async () => {
    const { clock, outbox, mailer, deps, lines, add } = setup();
    const m = add({ to: ['a@example.com'], subject: 'Payment received' });
    mailer.down = () => true;
    const results: string[] = [];
    for (let i = 0; i < POLICY.attempts; i++) {
      results.push(await deliverMessage(deps, m.messageId));
      clock.t += POLICY.retryCapMs * 2;
    }
    expect(results).toEqual(['retry', 'retry', 'retry', 'dead']);
    expect(await outbox.get(m.messageId)).toMatchObject({ state: 'dead', attempts: 4 });
    expect(lines.some((l) => l.includes('notice parked in the dead-letter store') && l.includes(m.messageId))).toBe(
      true,
    );
    expect((await deliverDueNotices(deps)).sent).toBe(0);

    mailer.down = () => false;
    expect(await redriveDeadNotices(deps)).toBeGreaterThanOrEqual(1);
    expect((await deliverDueNotices(deps)).sent).toBe(1);
    expect(mailer.countTo('a@example.com')).toBe(1);
  });

  it('a soft failure the sender reports (the lab recipients unreadable) is tried again, not called sent', async () => {
    let fail = true;
    const { clock, outbox, mailer, deps, add } = setup(async (message, channel) => {
      if (fail) channel.fault(new Error('lab recipients unavailable'));
      else await perRecipient(message, channel);
    });
    const m = add({ to: ['lab@example.com'], subject: 'New order' });
    expect(await deliverMessage(deps, m.messageId)).toBe('retry');
    expect(await outbox.get(m.messageId)).toMatchObject({ state: 'pending', attempts: 1 });
    fail = false;
    clock.t += POLICY.retryCapMs * 2;
    expect((await deliverDueNotices(deps)).sent).toBe(1);
    expect(mailer.countTo('lab@example.com')).toBe(1);
  });

  it('a message held by another consumer is skipped, and a try whose lease ran out does not settle', async () => {
    const { clock, outbox, mailer, deps, add } = setup();
    const m = add({ to: ['a@example.com'], subject: 'Shipped' });
    await outbox.claim(m.messageId, {
      leaseId: 'other',
      now: new Date(clock.t).toISOString(),
      until: new Date(clock.t + 500).toISOString(),
    });
    expect(await deliverMessage(deps, m.messageId)).toBe('skipped');
    expect(mailer.sent).toHaveLength(0);

    clock.t += 600;
    const slow: DeliverNoticesDeps = {
      ...deps,
      senders: async (message, channel) => {
        // Another consumer takes the message while this one is still sending.
        clock.t += POLICY.leaseMs + 1;
        await outbox.claim(message.messageId, {
          leaseId: 'thief',
          now: new Date(clock.t).toISOString(),
          until: new Date(clock.t + 5_000).toISOString(),
        });
        await perRecipient(message, channel);
      },
    };
    expect(await deliverMessage(slow, m.messageId)).toBe('skipped');
    expect(await outbox.get(m.messageId)).toMatchObject({ state: 'pending', leaseId: 'thief', sentTo: [] });
  });

  it('a composed email kept in the outbox is sent as it was composed', async () => {
    const { deps, mailer, outbox } = setup(async (message, channel) => {
      const { reviveEmail } = await import('../../../../lambdas/email/safe-email');
      await channel.mailer.send(reviveEmail(message.notice as never));
    });
    const composed = composeEmail({
      to: 'dr.adams@example.com',
      subject: 'Welcome',
      text: 'Hi',
      html: html`<p>${'<b>Hi</b>'}</p>`,
      replyTo: 'lab@example.com',
    });
    const m = outboxMessage(deps, 'email', { ...storedEmail(composed) });
    outbox.store([m]);
    await deliverDueNotices(deps);
    expect(mailer.sent).toHaveLength(1);
    expect({ ...mailer.sent[0] }).toEqual({ ...composed });
  });

  it('the retry delay doubles from the base up to the cap, with at most 10 % jitter', () => {
    for (const [attempt, base] of [
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
      [4, 8_000],
      [9, 8_000],
    ] as const) {
      const delay = retryDelayMs(attempt, POLICY);
      expect(delay).toBeGreaterThanOrEqual(base);
      expect(delay).toBeLessThanOrEqual(base * 1.1);
    }
  });

  it('every recipient gets each message exactly once under any mix of failed sends, crashed tries and concurrent consumers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.constantFrom('a@x.com', 'b@x.com', 'c@x.com'), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.array(
          fc.record({ failSend: fc.boolean(), killed: fc.boolean(), consumers: fc.integer({ min: 1, max: 3 }) }),
          { minLength: 1, maxLength: 6 },
        ),
        async (recipientLists, rounds) => {
          const { clock, outbox, mailer, deps, add } = setup();
          const messages = recipientLists.map((to) => add({ to: [...new Set(to)], subject: 'x' }));
          for (const round of rounds) {
            let sends = 0;
            mailer.down = () => round.failSend && sends++ % 2 === 1;
            // A consumer killed mid-batch: it claimed every due message and died before sending, holding the leases.
            if (round.killed) {
              const now = new Date(clock.t).toISOString();
              const until = new Date(clock.t + POLICY.leaseMs).toISOString();
              for (const due of await outbox.due(now, 50))
                await outbox.claim(due.messageId, { leaseId: 'killed', now, until });
            }
            await Promise.all(Array.from({ length: round.consumers }, () => deliverDueNotices(deps)));
            clock.t += POLICY.retryCapMs * 2;
          }
          mailer.down = () => false;
          for (let i = 0; i < POLICY.attempts + 1; i++) {
            await deliverDueNotices(deps);
            await redriveDeadNotices(deps);
            clock.t += POLICY.retryCapMs * 2;
          }
          for (const m of messages) {
            for (const to of new Set(m.notice.to as string[])) {
              const got = mailer.sent.filter((e) => e.to[0] === to && e.subject === 'x').length;
              expect(got).toBeGreaterThanOrEqual(1);
            }
          }
          const perAddress = (address: string) =>
            messages.filter((m) => (m.notice.to as string[]).includes(address)).length;
          for (const address of ['a@x.com', 'b@x.com', 'c@x.com'])
            expect(mailer.countTo(address)).toBe(perAddress(address));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('delivers named messages (the stream) once each even when a name repeats', async () => {
    const { deps, mailer, add } = setup();
    const m = add({ to: ['a@example.com'], subject: 'Delivered' });
    const report = await deliverEach(deps, [m.messageId, m.messageId, m.messageId]);
    expect(report.sent).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });
});
