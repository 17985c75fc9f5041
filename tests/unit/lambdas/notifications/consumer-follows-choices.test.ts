import { describe, expect, it } from 'vitest';
import { composeEmail, html, type OutgoingEmail } from '../../../../lambdas/email/safe-email';
import { OUTBOX_POLICY } from '../../../../lambdas/kernel/outbox';
import type { NoticeSenders } from '../../../../lambdas/ports/notice-outbox';
import { deliverMessage, type DeliverNoticesDeps } from '../../../../lambdas/use-cases/notices';
import { memoryLogger } from '../../../support/in-memory-ports';
import { InMemoryOutbox } from '../../../support/in-memory-outbox';
import { anOrder } from '../../../support/order-approval-fakes';
import { ANN, BOB, centreSetup, NOW } from './notification-fixture';

/**
 * The consumer with the notification centre (lambdas/use-cases/notices/deliver-notices.ts `centre`): each notice
 * raises its inbox items, and a practice user whose choice for the event is not `email` is not emailed it.
 */
const LAB_RECIPIENT = 'orders@lab.test';

/** Emails the practice's users and the lab's recipient, one email each, as the notifiers do. */
const senders: NoticeSenders = async (_message, channel) => {
  for (const to of [ANN.email, BOB.email, LAB_RECIPIENT])
    await channel.mailer.send(composeEmail({ to, subject: 'Order approved', text: 'x', html: html`<p>x</p>` }));
};

function consumerSetup() {
  const centre = centreSetup();
  const outbox = new InMemoryOutbox();
  const sent: OutgoingEmail[] = [];
  const deps: DeliverNoticesDeps = {
    outbox,
    senders,
    mailer: { send: async (e) => void sent.push(e) },
    log: memoryLogger().log,
    now: () => NOW,
    policy: OUTBOX_POLICY,
    centre: { notifications: centre.notifications, audiences: centre.audiences, sleep: async () => {} },
  };
  const m = centre.message('order', {
    kind: 'order-approved',
    order: anOrder({ status: 'approved' }),
    practiceUserId: ANN.userId,
  });
  outbox.store([m]);
  return { ...centre, outbox, sent, deps, m, to: () => sent.map((e) => e.to[0]) };
}

describe('the consumer follows the notification choices', () => {
  it('a practice user who chose "portal only" is not emailed and still sees it in the bell; the rest are emailed', async () => {
    const { deps, m, notifications, to, outbox } = consumerSetup();
    await notifications.saveChoices(ANN.userId, { 'order-approved': 'portal' }, 0);
    expect(await deliverMessage(deps, m.messageId)).toBe('sent');
    expect(to()).toEqual([BOB.email, LAB_RECIPIENT]);
    expect(notifications.itemsOf(ANN.userId).map((i) => i.eventId)).toEqual(['order-approved']);
    // Skipped by choice is not a failure: the message is delivered and not tried again.
    expect(await outbox.get(m.messageId)).toMatchObject({ state: 'sent', attempts: 0 });
  });

  it('turned off: neither the bell item nor the email', async () => {
    const { deps, m, notifications, to } = consumerSetup();
    await notifications.saveChoices(ANN.userId, { 'order-approved': 'off' }, 0);
    await deliverMessage(deps, m.messageId);
    expect(to()).not.toContain(ANN.email);
    expect(notifications.itemsOf(ANN.userId)).toEqual([]);
  });

  it('without the practice’s choices nobody is emailed this try, and the next try sends as chosen', async () => {
    const { deps, m, audiences, to, outbox, notifications } = consumerSetup();
    audiences.failPractice = new Error('DynamoDB is unavailable');
    expect(await deliverMessage(deps, m.messageId)).toBe('retry');
    expect(to()).toEqual([]);
    audiences.failPractice = null;
    const record = (await outbox.get(m.messageId))!;
    expect(await deliverMessage({ ...deps, now: () => new Date(Date.parse(record.dueAt) + 1) }, m.messageId)).toBe(
      'sent',
    );
    expect(to()).toEqual([ANN.email, BOB.email, LAB_RECIPIENT]);
    expect(await notifications.unread(BOB.userId)).toBe(1);
  });

  it('an item that could not be stored makes the message try again, without doubling the items or the emails', async () => {
    const { deps, m, notifications, to, outbox } = consumerSetup();
    notifications.raceNext = 99;
    expect(await deliverMessage(deps, m.messageId)).toBe('retry');
    expect(to()).toEqual([ANN.email, BOB.email, LAB_RECIPIENT]);
    notifications.raceNext = 0;
    const record = (await outbox.get(m.messageId))!;
    expect(await deliverMessage({ ...deps, now: () => new Date(Date.parse(record.dueAt) + 1) }, m.messageId)).toBe(
      'sent',
    );
    expect(to()).toHaveLength(3);
    expect(await notifications.unread(ANN.userId)).toBe(1);
  });
});
