import { describe, expect, it } from 'vitest';
import { userProfileSchema } from '../../../../core/schemas/users/user-profile';
import type { StoredEmail } from '../../../../lambdas/email/safe-email';
import { raiseNotifications } from '../../../../lambdas/use-cases/notifications';
import { sendDigests, type SendDigestsDeps } from '../../../../lambdas/use-cases/notifications/send-digests';
import { InMemoryEmailTemplates } from '../../../support/email-fakes';
import { InMemoryUsers, memoryLogger } from '../../../support/in-memory-ports';
import { sampleInvoice } from '../../../support/money-email-fakes';
import { anOrder } from '../../../support/order-approval-fakes';
import { ANN, BOB, centreSetup } from './notification-fixture';

/** The daily digest job (lambdas/use-cases/notifications/send-digests.ts), its email through the outbox. */
async function digestSetup() {
  const setup = centreSetup();
  const users = new InMemoryUsers();
  for (const u of [ANN, BOB]) users.rows.set(u.userId, userProfileSchema.parse({ ...u, firstName: u.userId.slice(2) }));
  await setup.notifications.saveChoices(ANN.userId, { 'order-approved': 'digest', 'invoice-issued': 'digest' }, 0);
  const raise = (topic: 'order' | 'money', notice: object, at: string) =>
    raiseNotifications(setup.deps, setup.message(topic, notice, undefined, at));
  // Raised out of order: the digest lists each event's items oldest first.
  const order = (orderNumber: string) => ({
    kind: 'order-approved',
    order: anOrder({ orderNumber }),
    practiceUserId: null,
  });
  await raise('order', order('LL-000043'), '2026-12-02T09:30:00.000Z');
  await raise('order', order('LL-000042'), '2026-12-02T09:00:00.000Z');
  await raise('money', { kind: 'invoice-issued', invoice: sampleInvoice(), to: [] }, '2026-12-02T09:45:00.000Z');
  const deps: SendDigestsDeps = {
    notifications: setup.notifications,
    users,
    templates: new InMemoryEmailTemplates(),
    portalUrl: 'https://portal.example',
    log: memoryLogger().log,
    now: () => new Date('2026-12-02T13:05:00.000Z'),
  };
  const emails = () => setup.notifications.outbox.notices<StoredEmail>('email');
  return { ...setup, deps, emails };
}

describe('the daily notification digest', () => {
  it('one email per user who chose a digest, listing the day’s unread items by event, through the outbox', async () => {
    const { deps, emails } = await digestSetup();
    expect(await sendDigests(deps)).toEqual({ sent: 1, skipped: 0, failed: 0 });
    const [email] = emails();
    expect(email!.to).toEqual([ANN.email]);
    expect(email!.subject).toBe('Your Lenslab Portal digest: 3 updates');
    expect(email!.text).toContain(
      'Order approved (2)\n- Order LL-000042 approved\n- Order LL-000043 approved\n\nInvoice issued (1)\n- Invoice INV-1 issued',
    );
    expect(email!.text).toContain('https://portal.example/notifications');
  });

  it('a second run (a retry, or two at once) sends nobody a digest twice', async () => {
    const { deps, emails } = await digestSetup();
    await sendDigests(deps);
    expect(await sendDigests(deps)).toEqual({ sent: 0, skipped: 1, failed: 0 });
    expect(emails()).toHaveLength(1);
  });

  it('items read in the portal before the digest are left out; nothing left unread means no email', async () => {
    const { deps, notifications, emails } = await digestSetup();
    const approved = notifications.itemsOf(ANN.userId).filter((i) => i.eventId === 'order-approved');
    await notifications.markRead(
      ANN.userId,
      approved.map((i) => i.id),
      '2026-12-02T12:00:00.000Z',
    );
    await sendDigests(deps);
    expect(emails()[0]!.subject).toBe('Your Lenslab Portal digest: 1 update');
    const again = await digestSetup();
    await again.notifications.markAllRead(ANN.userId, '2026-12-02T12:00:00.000Z');
    expect(await sendDigests(again.deps)).toEqual({ sent: 0, skipped: 1, failed: 0 });
    expect(again.emails()).toEqual([]);
  });

  it('a run before the cutoff does not send the day still filling', async () => {
    const { deps, emails } = await digestSetup();
    expect(await sendDigests({ ...deps, now: () => new Date('2026-12-02T12:30:00.000Z') })).toEqual({
      sent: 0,
      skipped: 0,
      failed: 0,
    });
    expect(emails()).toEqual([]);
  });

  it('one user’s failure is logged and counted; the next run sends it', async () => {
    const { deps, emails } = await digestSetup();
    (deps.users as InMemoryUsers).failNext('get', new Error('DynamoDB is unavailable'));
    expect(await sendDigests(deps)).toEqual({ sent: 0, skipped: 0, failed: 1 });
    expect(await sendDigests(deps)).toMatchObject({ sent: 1 });
    expect(emails()).toHaveLength(1);
  });
});
