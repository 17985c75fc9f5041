import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../../../core/page-paths';
import { raiseNotifications } from '../../../../lambdas/use-cases/notifications';
import { aConsult, aPublicConsult } from '../../../support/consult-fixtures';
import { sampleInvoice, samplePayment } from '../../../support/money-email-fakes';
import { anOrder, ORDER_ID } from '../../../support/order-approval-fakes';
import { ANN, BOB, centreSetup, LARA, SAM } from './notification-fixture';

/** The inbox fan-out the consumer runs for each notice (lambdas/use-cases/notifications/raise-notifications.ts). */
describe('raising a notice’s notifications', () => {
  const submitted = { kind: 'order-submitted', order: anOrder(), practiceUserId: ANN.userId };

  it('a new order: the lab’s staff see "New order" with the approval page, the practice’s users "received"', async () => {
    const { deps, notifications, message } = centreSetup();
    await raiseNotifications(deps, message('order', submitted));
    for (const staff of [LARA, SAM]) {
      expect(notifications.itemsOf(staff.userId)).toEqual([
        expect.objectContaining({
          eventId: 'lab-new-order',
          title: 'New order LL-000042',
          body: 'A new order from account BV-1001 for patient Jordan Reyes.',
          link: pagePaths.labOrder(ORDER_ID),
          readAt: null,
          accountNumber: 'BV-1001',
        }),
      ]);
      expect(await notifications.unread(staff.userId)).toBe(1);
    }
    expect(notifications.itemsOf(ANN.userId)).toEqual([
      expect.objectContaining({
        eventId: 'order-received',
        title: 'Order LL-000042 received',
        link: pagePaths.order(ORDER_ID),
      }),
    ]);
  });

  it('a retried delivery of the same notice adds nothing and counts nothing twice', async () => {
    const { deps, notifications, message } = centreSetup();
    const m = message('order', submitted);
    expect((await raiseNotifications(deps, m)).added).toBe(4);
    expect((await raiseNotifications(deps, structuredClone(m))).added).toBe(0);
    expect(await notifications.unread(LARA.userId)).toBe(1);
    expect(notifications.itemsOf(ANN.userId)).toHaveLength(1);
  });

  it('each item’s id is the same for the same notice, user and event, and differs between users', async () => {
    const { deps, notifications, message } = centreSetup();
    await raiseNotifications(deps, message('order', submitted, 'fixed-id'));
    const [lara] = notifications.itemsOf(LARA.userId);
    const [sam] = notifications.itemsOf(SAM.userId);
    expect(lara!.id).not.toBe(sam!.id);
    expect(lara!.createdAt).toBe('2026-12-02T09:59:58.123Z');
  });

  it('a practice user who turned an event off gets no item and no email; the others get both', async () => {
    const { deps, notifications, message } = centreSetup();
    await notifications.saveChoices(ANN.userId, { 'order-approved': 'off' }, 0);
    const approved = { kind: 'order-approved', order: anOrder({ status: 'approved' }), practiceUserId: ANN.userId };
    const raised = await raiseNotifications(deps, message('order', approved));
    expect(notifications.itemsOf(ANN.userId)).toEqual([]);
    expect(notifications.itemsOf(BOB.userId)).toEqual([
      expect.objectContaining({ eventId: 'order-approved', title: 'Order LL-000042 approved' }),
    ]);
    expect([...raised.notEmailed]).toEqual(['ann@brightview.test']);
    // The lab hears nothing of its own decision.
    expect(notifications.itemsOf(LARA.userId)).toEqual([]);
  });

  it('"portal only" and "daily digest" are not emailed as it happens; a digest item waits for the day’s digest', async () => {
    const { deps, notifications, message } = centreSetup();
    await notifications.saveChoices(ANN.userId, { 'invoice-issued': 'digest' }, 0);
    await notifications.saveChoices(BOB.userId, { 'invoice-issued': 'portal' }, 0);
    const raised = await raiseNotifications(
      deps,
      message('money', { kind: 'invoice-issued', invoice: sampleInvoice(), to: [] }),
    );
    expect([...raised.notEmailed].sort()).toEqual(['ann@brightview.test', 'bob@brightview.test']);
    const digest = await notifications.digestItems('2026-12-02', { limit: 10 });
    expect(digest.items.map((d) => d.userId)).toEqual([ANN.userId]);
    expect(notifications.itemsOf(BOB.userId)[0]).toMatchObject({
      eventId: 'invoice-issued',
      title: `Invoice ${sampleInvoice().invoiceNumber} issued`,
    });
  });

  it('a payment raises the practice’s "payment received" and the lab’s, each with its own page', async () => {
    const { deps, notifications, message } = centreSetup();
    await raiseNotifications(
      deps,
      message('money', { kind: 'payment-receipt', payment: samplePayment(), invoices: [] }),
    );
    expect(notifications.itemsOf(ANN.userId)[0]).toMatchObject({
      eventId: 'payment-received',
      title: 'Payment received: $408.50',
      link: pagePaths.payment({ account: 'BV-1001' }),
    });
    expect(notifications.itemsOf(LARA.userId)[0]).toMatchObject({
      eventId: 'lab-payment-received',
      title: 'Payment received: $408.50 from account BV-1001',
    });
  });

  it('a visitor’s consult tells the lab only; its answer tells no practice', async () => {
    const { deps, notifications, message } = centreSetup();
    await raiseNotifications(deps, message('consult', { kind: 'consult-received', consult: aPublicConsult() }));
    await raiseNotifications(deps, message('consult', { kind: 'consult-answered', consult: aPublicConsult() }));
    expect(notifications.itemsOf(LARA.userId).map((i) => i.eventId)).toEqual(['lab-new-consult']);
    expect(notifications.itemsOf(ANN.userId)).toEqual([]);
  });

  it('a practice’s answered consult opens its consult page', async () => {
    const { deps, notifications, message } = centreSetup();
    const consult = aConsult({ accountNumber: 'BV-1001' });
    await raiseNotifications(deps, message('consult', { kind: 'consult-answered', consult }));
    expect(notifications.itemsOf(BOB.userId)[0]).toMatchObject({
      eventId: 'consult-answered',
      link: pagePaths.consult(consult.consultId),
    });
  });

  it('an email the use case composed itself raises nothing', async () => {
    const { deps, notifications, message } = centreSetup();
    const raised = await raiseNotifications(
      deps,
      message('email', { to: ['a@b.test'], subject: 's', text: 't', html: 'h' }),
    );
    expect(raised).toEqual({ notEmailed: new Set(), added: 0, failed: [] });
    expect(notifications.rows.size).toBe(0);
  });

  it('a long hold message is cut to the item’s limit, never refused', async () => {
    const { deps, notifications, message } = centreSetup();
    const order = anOrder({ status: 'on-hold', holdMessage: 'Please send the topography. '.repeat(100) });
    await raiseNotifications(deps, message('order', { kind: 'order-on-hold', order, practiceUserId: null }));
    const [item] = notifications.itemsOf(ANN.userId);
    expect(item!.body.length).toBeLessThanOrEqual(1000);
    expect(item!.body.endsWith('…')).toBe(true);
  });

  it('without the practice’s users or choices it throws: nobody may be emailed against their choice', async () => {
    const { deps, audiences, notifications, message } = centreSetup();
    audiences.failPractice = new Error('DynamoDB is unavailable');
    await expect(raiseNotifications(deps, message('order', submitted))).rejects.toThrow('DynamoDB is unavailable');
    expect(notifications.itemsOf(ANN.userId)).toEqual([]);
  });

  it('without the lab’s staff the practice still gets its items, and the failure asks for another try', async () => {
    const { deps, audiences, notifications, message } = centreSetup();
    audiences.failStaff = new Error('Cognito is throttling');
    const raised = await raiseNotifications(deps, message('order', submitted));
    expect(raised.failed).toHaveLength(1);
    expect(notifications.itemsOf(ANN.userId)).toHaveLength(1);
  });

  it('an add refused because another write held the inbox is tried again', async () => {
    const { deps, notifications, message } = centreSetup();
    notifications.raceNext = 2;
    const raised = await raiseNotifications(deps, message('order', submitted));
    expect(raised).toMatchObject({ added: 4, failed: [] });
    expect(await notifications.unread(LARA.userId)).toBe(1);
  });
});
