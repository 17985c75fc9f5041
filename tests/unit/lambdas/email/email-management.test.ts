import { CHANGED_MESSAGES } from '../../../../core/messages';
import { describe, expect, it } from 'vitest';
import { sendEmailInputSchema, updateEmailTemplateInputSchema } from '../../../../core/schemas/email/email';
import {
  previewEmailTemplate,
  sendTestEmail,
  updateEmailTemplate,
  updateLabNotificationSettings,
} from '../../../../lambdas/use-cases/email/email-management';
import { sendEmail } from '../../../../lambdas/use-cases/email/send-email';
import { InMemoryEmailTemplates } from '../../../support/email-fakes';
import { failureOf } from '../../../support/failure-of';
import { identity } from '../../../support/identities';
import type { StoredEmail } from '../../../../lambdas/email/safe-email';
import { InMemoryOutbox } from '../../../support/in-memory-outbox';
import {
  InMemoryAdminDirectory,
  InMemoryRateLimiter,
  InMemoryUsers,
  memoryLogger,
} from '../../../support/in-memory-ports';

// The signed-in admin; test sends go to their own address (email-relay.test.ts).
const admin = identity(['admin', 'superadmin'], { email: 'admin@lab.test' });
const limiter = () => new InMemoryRateLimiter();

const now = () => new Date('2025-03-01T00:00:00.000Z');
/** An outbox that refuses every write, as a DynamoDB outage would. */
const refusingOutbox = () =>
  Object.assign(new InMemoryOutbox(), {
    add: async () => {
      throw new Error('outbox down');
    },
  });

describe('updateEmailTemplate', () => {
  it('saves with the version read and counts it up; a stale version is a 409 and changes nothing', async () => {
    const templates = new InMemoryEmailTemplates();
    const text = { subject: 'Closed {{orderNumber}}', body: 'Invoice {{invoiceNumber}}' };
    const saved = await updateEmailTemplate({ kind: 'order-closed', version: 0, ...text }, { templates, now });
    expect(saved).toMatchObject({ ...text, version: 1, updatedAt: '2025-03-01T00:00:00.000Z' });
    const stale = await failureOf(
      updateEmailTemplate({ kind: 'order-closed', version: 0, subject: 'x', body: 'y' }, { templates, now }),
    );
    expect(stale).toMatchObject({ status: 'aborted', message: CHANGED_MESSAGES.emailTemplate });
    expect((await templates.get('order-closed')).subject).toBe('Closed {{orderNumber}}');
  });

  it('refuses placeholders the email does not fill and saves nothing', async () => {
    const templates = new InMemoryEmailTemplates();
    const error = await failureOf(
      updateEmailTemplate(
        { kind: 'user-invited', version: 0, subject: 'Hi', body: '{{invoiceNumber}}' },
        { templates, now },
      ),
    );
    expect(error.status).toBe('invalid-argument');
    expect(templates.stored.size).toBe(0);
  });
});

describe('previewEmailTemplate and sendTestEmail', () => {
  it('preview fills the sample values and escapes them', () => {
    const out = previewEmailTemplate({ kind: 'order-on-hold', subject: 'Hold {{orderNumber}}', body: '<{{message}}>' });
    expect(out.subject).toBe('Hold LL-000123');
    expect(out.html).toContain('&lt;Please send the latest topography.&gt;');
  });

  it('a test send to the given address with a [Test] subject is queued in the outbox', async () => {
    const outbox = new InMemoryOutbox();
    const answer = await sendTestEmail(
      admin,
      { kind: 'order-approved', to: 'admin@lab.test', subject: 'Approved {{orderNumber}}', body: 'ok' },
      { outbox, now, limiter: limiter(), log: memoryLogger().log },
    );
    expect(answer).toEqual({ sent: true });
    expect(outbox.notices<StoredEmail>('email')).toMatchObject([
      { to: ['admin@lab.test'], subject: '[Test] Approved LL-000123' },
    ]);
  });

  it('a test send that cannot be queued answers sent: false and is logged', async () => {
    const { log, lines } = memoryLogger();
    const answer = await sendTestEmail(
      admin,
      { kind: 'order-approved', to: 'admin@lab.test', subject: 's', body: 'b' },
      { outbox: refusingOutbox(), now, limiter: limiter(), log },
    );
    expect(answer).toEqual({ sent: false });
    expect(lines.join()).toContain('emails not queued');
  });
});

describe('updateLabNotificationSettings', () => {
  it('stores the recipients lower-cased without repeats; a stale version is a 409', async () => {
    const templates = new InMemoryEmailTemplates();
    const saved = await updateLabNotificationSettings(
      { recipients: ['Lab@Lenslab.test', 'lab@lenslab.test', 'b@lenslab.test'], version: 0 },
      { templates, now },
    );
    expect(saved).toEqual({ recipients: ['lab@lenslab.test', 'b@lenslab.test'], version: 1 });
    const stale = await failureOf(
      updateLabNotificationSettings({ recipients: ['c@x.test'], version: 0 }, { templates, now }),
    );
    expect(stale).toMatchObject({ status: 'aborted', message: CHANGED_MESSAGES.labRecipients });
  });
});

describe('sendEmail (spec 7 POST auth/email/{kind}, spec 8)', () => {
  const input = sendEmailInputSchema.parse({
    kind: 'custom',
    recipients: ['a@x.test', 'b@x.test'],
    subject: 'Hello',
    body: 'Line <1>',
  });

  // Both are lab recipients, so the relay guard lets them through (email-relay.test.ts covers the refusals).
  const known = () => ({
    templates: new InMemoryEmailTemplates(['a@x.test', 'b@x.test']),
    directory: new InMemoryAdminDirectory(),
    users: new InMemoryUsers(),
    limiter: limiter(),
  });

  it('queues one email per recipient in one outbox write and answers true', async () => {
    const outbox = new InMemoryOutbox();
    const add = outbox.add.bind(outbox);
    const writes: number[] = [];
    outbox.add = async (messages) => {
      writes.push(messages.length);
      await add(messages);
    };
    expect(await sendEmail(admin, input, { ...known(), outbox, now, log: memoryLogger().log })).toBe(true);
    const queued = outbox.notices<StoredEmail>('email');
    expect(writes).toEqual([2]);
    expect(queued.map((e) => e.to)).toEqual([['a@x.test'], ['b@x.test']]);
    expect(queued[0]!.html).toContain('Line &lt;1&gt;');
  });

  it('spec 8: emails the outbox refuses are logged and the answer is false, never an error', async () => {
    const { log, lines } = memoryLogger();
    expect(await sendEmail(admin, input, { ...known(), outbox: refusingOutbox(), now, log })).toBe(false);
    expect(lines.join()).toContain('emails not queued');
  });

  it('refuses a subject with a line break at the schema (header injection)', () => {
    const parsed = sendEmailInputSchema.safeParse({ ...input, subject: 'Hi\r\nBcc: evil@x.test' });
    expect(parsed.success).toBe(false);
  });

  it('refuses a subject with an invisible format character at the schema, for sends and templates alike', () => {
    for (const subject of ['Invoice \u202Efdp.exe', 'Pay\u200Bment due']) {
      const parsed = sendEmailInputSchema.safeParse({ ...input, subject });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Subject must not contain invisible formatting characters');
      const template = updateEmailTemplateInputSchema.safeParse({
        kind: 'order-approved',
        version: 1,
        subject,
        body: 'x',
      });
      expect(template.success).toBe(false);
    }
  });
});
