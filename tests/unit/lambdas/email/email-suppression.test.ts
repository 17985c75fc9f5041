import { describe, expect, it } from 'vitest';
import { composeEmail, html } from '../../../../lambdas/email/safe-email';
import { EmailSuppressedError, skippingSuppressed } from '../../../../lambdas/email/suppressed-recipients';
import { recordEmailFeedback } from '../../../../lambdas/use-cases/email/record-email-feedback';
import { InMemoryEmailSuppressions, InMemoryMailer, memoryLogger } from '../../../support/in-memory-ports';

/**
 * Email you can trust (issue item 3): SES's bounce and complaint events record the address, and the sender
 * leaves recorded addresses out until they are cleared.
 */

const MESSAGE = '0100018f-example-message-id';
const bounce = (bounceType: string, ...addresses: string[]) => ({
  eventType: 'Bounce',
  bounce: {
    bounceType,
    bounceSubType: 'General',
    bouncedRecipients: addresses.map((emailAddress) => ({ emailAddress, status: '5.1.1' })),
    timestamp: '2026-03-01T10:00:05.000Z',
  },
  mail: {
    messageId: MESSAGE,
    timestamp: '2026-03-01T10:00:00.000Z',
    tags: { 'ses:configuration-set': ['lenslab-prod'] },
  },
});
const complaint = (...addresses: string[]) => ({
  eventType: 'Complaint',
  complaint: {
    complainedRecipients: addresses.map((emailAddress) => ({ emailAddress })),
    timestamp: '2026-03-02T08:00:00.000Z',
    complaintFeedbackType: 'abuse',
  },
  mail: { messageId: MESSAGE },
});

describe('recording SES feedback', () => {
  it('a hard bounce records every bounced address, lower-cased, with the time and the message', async () => {
    const suppressions = new InMemoryEmailSuppressions();
    const { log } = memoryLogger();
    const report = await recordEmailFeedback(bounce('Permanent', 'Dana.New@ClearView.test', 'b@x.test'), {
      suppressions,
      log,
    });
    expect(report).toEqual({ recorded: 2, reason: 'bounce' });
    expect(suppressions.rows.get('dana.new@clearview.test')).toEqual({
      address: 'dana.new@clearview.test',
      reason: 'bounce',
      at: '2026-03-01T10:00:05.000Z',
      messageId: MESSAGE,
    });
    expect(suppressions.rows.has('b@x.test')).toBe(true);
  });

  it('a complaint records the address as marked as spam', async () => {
    const suppressions = new InMemoryEmailSuppressions();
    await recordEmailFeedback(complaint('angry@practice.test'), { suppressions, log: memoryLogger().log });
    expect(suppressions.rows.get('angry@practice.test')).toMatchObject({
      reason: 'complaint',
      at: '2026-03-02T08:00:00.000Z',
    });
  });

  it('a soft bounce (a full mailbox) records nothing: the next email may arrive', async () => {
    const suppressions = new InMemoryEmailSuppressions();
    for (const type of ['Transient', 'Undetermined']) {
      expect(await recordEmailFeedback(bounce(type, 'full@x.test'), { suppressions, log: memoryLogger().log })).toEqual(
        {
          recorded: 0,
          reason: null,
        },
      );
    }
    expect(suppressions.rows.size).toBe(0);
  });

  it('an event of another shape is logged and ignored, never thrown (it would only be retried)', async () => {
    const suppressions = new InMemoryEmailSuppressions();
    const { log, lines } = memoryLogger();
    for (const detail of [null, { eventType: 'Delivery', mail: { messageId: MESSAGE } }, { eventType: 'Bounce' }]) {
      expect(await recordEmailFeedback(detail, { suppressions, log })).toEqual({ recorded: 0, reason: null });
    }
    expect(lines.join('\n')).toContain('not an SES bounce or complaint, ignored');
  });

  it('recording the same event twice changes nothing (EventBridge and Lambda may deliver it again)', async () => {
    const suppressions = new InMemoryEmailSuppressions();
    const { log } = memoryLogger();
    await recordEmailFeedback(bounce('Permanent', 'a@x.test'), { suppressions, log });
    const first = [...suppressions.rows.entries()];
    await recordEmailFeedback(bounce('Permanent', 'a@x.test'), { suppressions, log });
    expect([...suppressions.rows.entries()]).toEqual(first);
  });

  it('logs the message id and counts, never an address', async () => {
    const { log, lines } = memoryLogger();
    await recordEmailFeedback(bounce('Permanent', 'secret.person@x.test'), {
      suppressions: new InMemoryEmailSuppressions(),
      log,
    });
    expect(lines.join('\n')).toContain(MESSAGE);
    expect(lines.join('\n')).not.toContain('secret.person');
  });
});

describe('the sender skips suppressed addresses', () => {
  const email = (...to: string[]) =>
    composeEmail({ to, subject: 'Your order', text: 'Hello', html: html`<p>Hello</p>` });

  async function setup(...suppressed: [string, 'bounce' | 'complaint'][]) {
    const suppressions = new InMemoryEmailSuppressions();
    for (const [address, reason] of suppressed) {
      await suppressions.record({ address, reason, at: '2026-03-01T10:00:00.000Z', messageId: MESSAGE });
    }
    const mailer = new InMemoryMailer();
    const { log, lines } = memoryLogger();
    return { suppressions, mailer, lines, sender: skippingSuppressed(mailer, () => suppressions, log) };
  }

  it('an email to a suppressed address is not sent, and says why, whatever the address case', async () => {
    const { mailer, sender } = await setup(['dana.new@clearview.test', 'bounce']);
    const refused = await sender.send(email('Dana.New@ClearView.test')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EmailSuppressedError);
    expect((refused as EmailSuppressedError).reasons).toEqual(['bounce']);
    expect(mailer.sent).toEqual([]);
  });

  it('other recipients of the same email still get it; the log counts what was left out, without addresses', async () => {
    const { mailer, sender, lines } = await setup(['spam@x.test', 'complaint']);
    await sender.send(email('ok@x.test', 'spam@x.test'));
    expect(mailer.sent.map((e) => e.to)).toEqual([['ok@x.test']]);
    expect(lines.join('\n')).toContain('"skipped":1');
    expect(lines.join('\n')).not.toContain('spam@x.test');
  });

  it('an address nobody suppressed is sent as it is', async () => {
    const { mailer, sender } = await setup(['other@x.test', 'bounce']);
    await sender.send(email('fine@x.test'));
    expect(mailer.sent.map((e) => e.to)).toEqual([['fine@x.test']]);
  });

  it('when the list cannot be read the email still goes out (SES would stop a bounced address itself)', async () => {
    const { mailer, sender, suppressions, lines } = await setup(['dana@x.test', 'bounce']);
    suppressions.failNext('find');
    await sender.send(email('dana@x.test'));
    expect(mailer.sent).toHaveLength(1);
    expect(lines.join('\n')).toContain('suppression list unavailable, sent anyway');
  });
});
