import { describe, expect, it } from 'vitest';
import { sendEmailInputSchema, sendTestEmailInputSchema } from '../../../../core/schemas/email/email';
import { sendTestEmail } from '../../../../lambdas/use-cases/email/email-management';
import { EMAIL_SEND_LIMITS, RELAY_MESSAGES } from '../../../../lambdas/use-cases/email/email-relay-guard';
import { sendEmail } from '../../../../lambdas/use-cases/email/send-email';
import { InMemoryEmailTemplates } from '../../../support/email-fakes';
import { failureOf } from '../../../support/failure-of';
import { identity } from '../../../support/identities';
import { recordingTrail } from '../../../support/in-memory-audit';
import type { StoredEmail } from '../../../../lambdas/email/safe-email';
import { InMemoryOutbox } from '../../../support/in-memory-outbox';
import {
  InMemoryAdminDirectory,
  InMemoryRateLimiter,
  InMemoryUsers,
  memoryLogger,
} from '../../../support/in-memory-ports';
import { testUser } from '../../../support/test-directory';

/**
 * The relay attack: `sendEmail` and `sendTestEmail` sent any body to any address from the lab's
 * signed domain (DKIM/SPF pass): a phishing relay for anyone with an admin login. Now recipients are only
 * addresses the portal knows, a test goes to the caller, both are budgeted and logged for the audit trail.
 */
const admin = identity(['admin'], { userId: 'desk', email: 'Desk@Lab.test' });

function world() {
  const directory = new InMemoryAdminDirectory();
  const users = new InMemoryUsers();
  const templates = new InMemoryEmailTemplates(['orders@lab.test']);
  const outbox = new InMemoryOutbox();
  const limiter = new InMemoryRateLimiter(() => Date.parse('2025-03-03T10:00:00.000Z'));
  const { log } = memoryLogger();
  const practiceUser = (email: string, accountNumber?: string) => {
    const userId = directory.seed({ email }, ['customer']);
    users.rows.set(userId, testUser({ userId, email, firstName: 'F', ...(accountNumber ? { accountNumber } : {}) }));
    return userId;
  };
  practiceUser('ann@brightview.test', 'BV-1001');
  practiceUser('loner@nowhere.test'); // a portal user linked to no practice
  const trail = recordingTrail();
  const now = () => new Date('2025-03-03T10:00:00.000Z');
  const deps = { directory, users, templates, outbox, limiter, now, log, audit: trail.audit };
  const audit = () => trail.changes;
  /** The emails queued in the outbox so far, oldest first. */
  const queued = () => outbox.notices<StoredEmail>('email');
  return { deps, outbox, queued, audit, practiceUser };
}

const email = (recipients: string[]) =>
  sendEmailInputSchema.parse({ kind: 'notice', recipients, subject: 'Your order', body: 'Pay at https://evil.test' });

describe('sendEmail is not an open relay', () => {
  it('no account enumeration: an address the portal does not know gets nothing, and the answer is the same as for a user', async () => {
    const w = world();
    const mixed = await sendEmail(admin, email(['ann@brightview.test', 'victim@bank.test']), w.deps);
    const usersOnly = await sendEmail(admin, email(['ann@brightview.test']), w.deps);
    const unknownOnly = await sendEmail(admin, email(['victim@bank.test']), w.deps);
    expect([mixed, usersOnly, unknownOnly]).toEqual([true, true, true]);
    expect(w.queued().map((m) => m.to)).toEqual([['ann@brightview.test'], ['ann@brightview.test']]);
    // Left out, and kept in the audit trail for an investigation (not told to the caller).
    expect(w.audit()[0]?.after).toMatchObject({ recipients: ['ann@brightview.test'], withheld: ['victim@bank.test'] });
  });

  it('a portal user linked to no practice is not a known recipient either, and the answer does not say so', async () => {
    const w = world();
    expect(await sendEmail(admin, email(['loner@nowhere.test']), w.deps)).toBe(true);
    expect(w.queued()).toEqual([]);
  });

  it("a practice's users and the lab recipients are, in any letter case; the answer stays true/false (spec 8)", async () => {
    const w = world();
    expect(await sendEmail(admin, email(['Ann@Brightview.test', 'orders@lab.test']), w.deps)).toBe(true);
    expect(w.queued().map((m) => m.to)).toEqual([['ann@brightview.test'], ['orders@lab.test']]);
    w.outbox.add = async () => {
      throw new Error('outbox down');
    };
    expect(await sendEmail(admin, email(['ann@brightview.test']), w.deps)).toBe(false);
  });

  it('is budgeted per caller: beyond the limit a 429, and nothing is sent', async () => {
    const w = world();
    for (let i = 0; i < EMAIL_SEND_LIMITS.sendEmail.perCaller; i++)
      await sendEmail(admin, email(['orders@lab.test']), w.deps);
    const sent = w.queued().length;
    expect(await failureOf(sendEmail(admin, email(['orders@lab.test']), w.deps))).toMatchObject({
      status: 'resource-exhausted',
      message: RELAY_MESSAGES.tooMany,
    });
    expect(w.queued().length).toBe(sent);
  });

  it('each send is recorded in the audit trail: which kind, to whom, the subject, how many were queued, never the body', async () => {
    const w = world();
    await sendEmail(admin, email(['ann@brightview.test']), w.deps);
    // Who sent it is the trail's caller (the handler wrapper binds it to the verified token).
    expect(w.audit()).toEqual([
      {
        action: 'email.send',
        target: { type: 'email', id: 'notice' },
        after: { recipients: ['ann@brightview.test'], subject: 'Your order', queued: 1 },
      },
    ]);
    expect(JSON.stringify(w.audit())).not.toContain('evil.test');
  });
});

describe("sendTestEmail goes to the caller's own address only", () => {
  const test = (to?: string) =>
    sendTestEmailInputSchema.parse({
      kind: 'order-approved',
      ...(to ? { to } : {}),
      subject: 'Approved {{orderNumber}}',
      body: 'ok',
    });

  it('another address is a 400 and nothing is sent', async () => {
    const w = world();
    expect(await failureOf(sendTestEmail(admin, test('victim@bank.test'), w.deps))).toMatchObject({
      status: 'invalid-argument',
      message: RELAY_MESSAGES.testToOwnAddress('Desk@Lab.test'),
    });
    expect(w.queued()).toEqual([]);
  });

  it('without `to` (or with the own address in any case) it goes to the token email', async () => {
    const w = world();
    expect(await sendTestEmail(admin, test(), w.deps)).toEqual({ sent: true });
    expect(await sendTestEmail(admin, test('desk@lab.TEST'), w.deps)).toEqual({ sent: true });
    expect(w.queued().map((m) => m.to)).toEqual([['desk@lab.test'], ['desk@lab.test']]);
    expect(w.audit().map((a) => a.action)).toEqual(['email.send-test', 'email.send-test']);
  });

  it('is budgeted per caller (429 beyond the limit)', async () => {
    const w = world();
    for (let i = 0; i < EMAIL_SEND_LIMITS.sendTestEmail.perCaller; i++) await sendTestEmail(admin, test(), w.deps);
    expect((await failureOf(sendTestEmail(admin, test(), w.deps))).status).toBe('resource-exhausted');
  });
});
