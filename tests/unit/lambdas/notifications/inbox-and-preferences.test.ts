import { describe, expect, it } from 'vitest';
import { CHANGED_MESSAGES } from '../../../../core/messages';
import { raiseNotifications } from '../../../../lambdas/use-cases/notifications';
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
} from '../../../../lambdas/use-cases/notifications/inbox';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from '../../../../lambdas/use-cases/notifications/preferences';
import { identity } from '../../../support/identities';
import { anOrder } from '../../../support/order-approval-fakes';
import { ANN, BOB, centreSetup, LARA } from './notification-fixture';

const ann = identity(['customer'], { userId: ANN.userId, email: ANN.email });
const bob = identity(['customer'], { userId: BOB.userId, email: BOB.email });
const lara = identity(['admin'], { userId: LARA.userId, email: LARA.email });
const clock = { now: () => new Date('2026-12-02T11:00:00.000Z'), sleep: async () => {} };

async function withItems() {
  const setup = centreSetup();
  for (const kind of ['order-approved', 'order-closed'] as const)
    await raiseNotifications(setup.deps, setup.message('order', { kind, order: anOrder(), practiceUserId: null }));
  return setup;
}

describe('the inbox: a caller sees and changes only their own', () => {
  it('lists the caller’s items newest first with their unread count; the bell’s count is the same', async () => {
    const { notifications } = await withItems();
    const page = await listNotifications(ann, { limit: 20 }, { notifications });
    expect(page.items.map((i) => i.eventId).sort()).toEqual(['order-approved', 'order-shipped']);
    expect(page.unread).toBe(2);
    expect(await countUnreadNotifications(ann, { notifications })).toEqual({ unread: 2 });
  });

  it('marking one read lowers the count; marking it again lowers nothing', async () => {
    const { notifications } = await withItems();
    const [first] = (await listNotifications(ann, { limit: 20 }, { notifications })).items;
    expect(await markNotificationsRead(ann, { ids: [first!.id, first!.id] }, { notifications, ...clock })).toEqual({
      unread: 1,
    });
    expect(await markNotificationsRead(ann, { ids: [first!.id] }, { notifications, ...clock })).toEqual({ unread: 1 });
  });

  it('a customer cannot mark another user’s items: Bob naming Ann’s ids changes nothing of Ann’s', async () => {
    const { notifications } = await withItems();
    const ids = (await listNotifications(ann, { limit: 20 }, { notifications })).items.map((i) => i.id);
    await markNotificationsRead(bob, { ids }, { notifications, ...clock });
    expect((await countUnreadNotifications(ann, { notifications })).unread).toBe(2);
    expect((await countUnreadNotifications(bob, { notifications })).unread).toBe(2);
  });

  it('mark all read empties the count and every item reads as read', async () => {
    const { notifications } = await withItems();
    expect(await markNotificationsRead(ann, { all: true }, { notifications, ...clock })).toEqual({ unread: 0 });
    const page = await listNotifications(ann, { limit: 20 }, { notifications });
    expect(page.items.every((i) => i.readAt === '2026-12-02T11:00:00.000Z')).toBe(true);
  });

  it('a mark refused because a notice arrived meanwhile is tried again', async () => {
    const { notifications } = await withItems();
    const [first] = (await listNotifications(ann, { limit: 20 }, { notifications })).items;
    notifications.raceNext = 1;
    expect(await markNotificationsRead(ann, { ids: [first!.id] }, { notifications, ...clock })).toEqual({ unread: 1 });
  });
});

describe('notification choices', () => {
  it('a practice user sees every practice event at its default until they choose, at version 0', async () => {
    const { notifications } = centreSetup();
    const prefs = await getNotificationPreferences(ann, { notifications });
    expect(prefs.audience).toBe('practice');
    expect(prefs.version).toBe(0);
    expect(prefs.choices['order-approved']).toBe('email');
    expect(prefs.choices['order-received']).toBe('portal');
    expect(prefs.choices).not.toHaveProperty('lab-new-order');
  });

  it('the lab’s staff see the lab’s events', async () => {
    const { notifications } = centreSetup();
    const prefs = await getNotificationPreferences(lara, { notifications });
    expect(prefs.audience).toBe('lab');
    expect(Object.keys(prefs.choices).every((id) => id.startsWith('lab-'))).toBe(true);
  });

  it('a change keeps the other choices and counts the version up', async () => {
    const { notifications } = centreSetup();
    await updateNotificationPreferences(
      ann,
      { choices: { 'order-approved': 'digest' }, version: 0 },
      { notifications },
    );
    const prefs = await updateNotificationPreferences(
      ann,
      { choices: { 'invoice-issued': 'off' }, version: 1 },
      { notifications },
    );
    expect(prefs.version).toBe(2);
    expect(prefs.choices).toMatchObject({
      'order-approved': 'digest',
      'invoice-issued': 'off',
      'order-on-hold': 'email',
    });
  });

  it('a stale version is a 409 with the usual "changed since you opened" message, and saves nothing', async () => {
    const { notifications } = centreSetup();
    await updateNotificationPreferences(ann, { choices: { 'order-approved': 'off' }, version: 0 }, { notifications });
    await expect(
      updateNotificationPreferences(ann, { choices: { 'order-approved': 'email' }, version: 0 }, { notifications }),
    ).rejects.toMatchObject({ status: 'aborted', message: CHANGED_MESSAGES.notificationPreferences });
    expect((await getNotificationPreferences(ann, { notifications })).choices['order-approved']).toBe('off');
  });

  it('a save that loses the race after the version check is a 409 too', async () => {
    const { notifications } = centreSetup();
    const racing = {
      choices: notifications.choices.bind(notifications),
      saveChoices: async (...args: Parameters<typeof notifications.saveChoices>) => {
        await notifications.saveChoices(args[0], { 'order-approved': 'off' }, 0);
        return notifications.saveChoices(...args);
      },
    };
    await expect(
      updateNotificationPreferences(
        ann,
        { choices: { 'order-approved': 'portal' }, version: 0 },
        { notifications: racing },
      ),
    ).rejects.toMatchObject({ status: 'aborted' });
  });

  it('an event of the other audience, or a choice it is not offered, is refused per field', async () => {
    const { notifications } = centreSetup();
    await expect(
      updateNotificationPreferences(ann, { choices: { 'lab-new-order': 'off' }, version: 0 }, { notifications }),
    ).rejects.toMatchObject({
      status: 'invalid-argument',
      details: { fieldErrors: { 'choices.lab-new-order': expect.any(Array) } },
    });
    await expect(
      updateNotificationPreferences(lara, { choices: { 'lab-new-order': 'email' }, version: 0 }, { notifications }),
    ).rejects.toMatchObject({ status: 'invalid-argument' });
    expect((await notifications.choices(ANN.userId)).version).toBe(0);
  });
});
