import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EMAIL_KINDS } from '../../core/schemas/email/email';
import { accountRequestForm } from '../support/account-request-fakes';
import { caller } from '../support/api-call';
import { createTestUser, signIn, uniqueEmail } from '../support/cognito-test-users';
import { deleteRow, getRow, putRow, userRow } from '../support/dynamo-rows';
import { listEmails, waitForEmail } from '../support/mailbox';
import { InMemoryEmailTemplates } from '../support/email-fakes';
import { identity } from '../support/identities';
import { InMemoryAdminDirectory, InMemoryRateLimiter, InMemoryUsers, memoryLogger } from '../support/in-memory-ports';

/**
 * Email Management through the local gateway: templates stored in DynamoDB Local with optimistic
 * locking, the server-rendered preview, test sends and spec 7 `sendEmail` landing in the SES emulator.
 * Only account-request-rejected and user-invited are changed (user-invited only by a refused save), with
 * texts that keep what account-requests.test.ts checks in a rejection (an "account request" subject, the
 * reason), and the lab recipients are written back unchanged, so parallel files are not disturbed.
 */
const urls = inject('urls');
let superAdmin: ReturnType<typeof caller>;
let superAdminEmail: string;
let admin: ReturnType<typeof caller>;
let customer: ReturnType<typeof caller>;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  const lead = await createTestUser(['admin', 'superadmin']);
  superAdminEmail = lead.email;
  superAdmin = caller(urls.api, await signIn(lead));
  admin = caller(urls.api, await signIn(await createTestUser(['admin'])));
  customer = caller(urls.api, await signIn(await createTestUser(['customer'])));
});

describe('email templates', () => {
  it('lists every kind; a kind never saved answers its built-in text at version 0', async () => {
    const answer = await superAdmin('listEmailTemplates', {});
    expect(answer.status).toBe(200);
    const items = answer.body.result.items as { kind: string; version: number; subject: string }[];
    expect(items.map((t) => t.kind)).toContain('order-resubmitted');
    expect(items.map((t) => t.kind)).toEqual([...EMAIL_KINDS]);
    const closed = items.find((t) => t.kind === 'order-closed')!;
    expect(closed).toMatchObject({
      defaults: { subject: expect.any(String), body: expect.stringContaining('{{invoiceNumber}}') },
    });
  });

  it('saves with the version read; a second save from the same version is a 409 and the first text stays', async () => {
    await deleteRow('emailTemplates', { kind: 'account-request-rejected' });
    const subject = `Your account request ${randomUUID().slice(0, 6)} for {{company}}`;
    const first = await superAdmin('updateEmailTemplate', {
      kind: 'account-request-rejected',
      version: 0,
      subject,
      body: 'Sorry: {{reason}}',
    });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ version: 1, subject });
    const stale = await superAdmin('updateEmailTemplate', {
      kind: 'account-request-rejected',
      version: 0,
      subject: 'Other',
      body: 'Other',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe('This email template changed since you opened it. Reload to see the latest.');
    expect(await getRow('emailTemplates', { kind: 'account-request-rejected' })).toMatchObject({ subject, version: 1 });
    const next = await superAdmin('updateEmailTemplate', {
      kind: 'account-request-rejected',
      version: 1,
      subject: 'Your account request again, {{company}}',
      body: 'Sorry again: {{reason}}',
    });
    expect(next.body.result.version).toBe(2);
  });

  it('refuses an unknown placeholder with a clear message and stores nothing', async () => {
    await deleteRow('emailTemplates', { kind: 'user-invited' });
    const bad = await superAdmin('updateEmailTemplate', {
      kind: 'user-invited',
      version: 0,
      subject: 'Hi {{firstNmae}}',
      body: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fieldErrors.subject[0]).toContain('Unknown placeholder {{firstNmae}}');
    expect(await getRow('emailTemplates', { kind: 'user-invited' })).toBeUndefined();
  });

  it('previews with the sample values, escaped', async () => {
    const answer = await superAdmin('previewEmailTemplate', {
      kind: 'order-closed',
      subject: 'Closed {{orderNumber}}',
      body: '<b>{{patientName}}</b> {{invoiceNumber}}',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result.subject).toBe('Closed LL-000123');
    expect(answer.body.result.html).toContain('&lt;b&gt;J. Doe&lt;/b&gt; INV-5001');
  });

  it("a test send arrives in the SES emulator, at the caller's own address only", async () => {
    const to = superAdminEmail;
    const text = { kind: 'order-on-hold', subject: 'Hold {{orderNumber}}', body: 'Message: {{message}}' };
    const elsewhere = await superAdmin('sendTestEmail', { ...text, to: uniqueEmail('template-test') });
    expect(elsewhere.status).toBe(400);
    const answer = await superAdmin('sendTestEmail', text);
    expect(answer.body.result).toEqual({ sent: true });
    const email = await waitForEmail(urls.ses, to);
    expect(email.subject).toBe('[Test] Hold LL-000123');
    expect(email.body.text).toBe('Message: Please send the latest topography.');
  });

  it('only super admins manage templates', async () => {
    expect((await admin('listEmailTemplates', {})).status).toBe(403);
    expect((await customer('previewEmailTemplate', { kind: 'order-closed', subject: 's', body: 'b' })).status).toBe(
      403,
    );
  });
});

describe('account emails use the saved templates', () => {
  it("a super admin's edited account-request-rejected subject is the subject of the next rejection email", async () => {
    const current = (await superAdmin('listEmailTemplates', {})).body.result.items.find(
      (t: { kind: string }) => t.kind === 'account-request-rejected',
    ) as { version: number; body: string };
    const token = randomUUID().slice(0, 8);
    const saved = await superAdmin('updateEmailTemplate', {
      kind: 'account-request-rejected',
      version: current.version,
      subject: `Your account request ${token}: {{company}}`,
      body: 'Reason: {{reason}}',
    });
    expect(saved.status).toBe(200);

    const user = await createTestUser(['customer']);
    await putRow('users', userRow(user));
    const requester = caller(urls.api, await signIn(user));
    const submitted = await requester('submitAccountRequest', accountRequestForm('Edited <Subject> Optics'));
    expect(submitted.status).toBe(200);
    const rejected = await superAdmin('rejectAccountRequest', { requestId: user.userId, reason: 'No <license>' });
    expect(rejected.body.result).toMatchObject({ emailSent: true });

    const mail = await waitForEmail(urls.ses, user.email, (m) => m.subject.includes(token));
    expect(mail.subject).toBe(`Your account request ${token}: Edited <Subject> Optics`);
    expect(mail.body.text).toBe('Reason: No <license>');
    expect(mail.body.html).toContain('Reason: No &lt;license&gt;');
  });
});

describe('lab notification recipients', () => {
  it('answers the recipients; saving from a stale version is a 409; saving the same list counts the version up', async () => {
    const current = (await superAdmin('getLabNotificationSettings', {})).body.result as {
      recipients: string[];
      version: number;
    };
    expect(current.recipients.length).toBeGreaterThan(0);
    const stale = await superAdmin('updateLabNotificationSettings', {
      recipients: ['someone@lab.test'],
      version: current.version + 5,
    });
    expect(stale.status).toBe(409);
    const saved = await superAdmin('updateLabNotificationSettings', current);
    expect(saved.body.result).toEqual({ recipients: current.recipients, version: current.version + 1 });
    const bad = await superAdmin('updateLabNotificationSettings', { recipients: ['not-an-email'], version: 1 });
    expect(bad.status).toBe(400);
  });
});

describe('sendEmail (spec 7 POST auth/email/{kind})', () => {
  /** A practice's user: the only kind of address (with the lab recipients) sendEmail sends to. */
  async function practiceUserEmail(prefix: string) {
    const user = await createTestUser(['customer'], uniqueEmail(prefix));
    await putRow('users', userRow(user, { accountNumber: 'EM-1001' }));
    return user.email;
  }

  it('leaves out an address the portal does not know without saying so (docs/decisions/0086-no-account-enumeration.md), sending it nothing', async () => {
    const stranger = uniqueEmail('stranger');
    const known = await practiceUserEmail('known');
    const subject = `Lab notice ${randomUUID()}`;
    const answer = await admin('sendEmail', { kind: 'notice', recipients: [stranger, known], subject, body: 'y' });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toBe(true);
    await waitForEmail(urls.ses, known, (e) => e.subject === subject);
    expect((await listEmails(urls.ses)).some((e) => e.destination.to.includes(stranger))).toBe(false);
  });

  it('sends to every recipient and answers true', async () => {
    const a = await practiceUserEmail('send-a');
    const b = await practiceUserEmail('send-b');
    const answer = await admin('sendEmail', {
      kind: 'notice',
      recipients: [a, b],
      subject: 'Lab notice',
      body: 'Hi <all>',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toBe(true);
    const got = await waitForEmail(urls.ses, a, (e) => e.subject === 'Lab notice');
    expect(got.destination.to).toEqual([a]);
    expect(got.body.html).toContain('Hi &lt;all&gt;');
    await waitForEmail(urls.ses, b, (e) => e.subject === 'Lab notice');
  });

  it('spec 8: emails the outbox cannot store are swallowed, logged and answered false, and none is sent', async () => {
    const table = process.env['TABLE_OUTBOX'];
    process.env['TABLE_OUTBOX'] = `${table}-missing`; // a real DynamoDB failure (this worker's env only)
    try {
      const { dynamoNoticeOutbox } = await import('../../lambdas/adapters/dynamo-notice-outbox');
      const { sendEmail } = await import('../../lambdas/use-cases/email/send-email');
      const { log, lines } = memoryLogger();
      const to = uniqueEmail('never');
      const before = (await listEmails(urls.ses)).length;
      const answer = await sendEmail(
        identity(['admin']),
        { kind: 'notice', recipients: [to], subject: 'x', body: 'y' },
        {
          outbox: dynamoNoticeOutbox(),
          now: () => new Date(),
          log,
          templates: new InMemoryEmailTemplates([to]),
          directory: new InMemoryAdminDirectory(),
          users: new InMemoryUsers(),
          limiter: new InMemoryRateLimiter(),
        },
      );
      expect(answer).toBe(false);
      expect(lines.join()).toContain('emails not queued');
      expect((await listEmails(urls.ses)).slice(before).some((e) => e.destination.to.includes(to))).toBe(false);
    } finally {
      process.env['TABLE_OUTBOX'] = table;
    }
  });
});
