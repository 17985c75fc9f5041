import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePaths } from '../../core/page-paths';
import type { NotificationItem } from '../../core/schemas/notifications';
import { caller, type RouteAnswer } from '../support/api-call';
import { createTestUser, signIn, uniqueEmail } from '../support/cognito-test-users';
import { customerRow, putLensDesign, putRow, userRow } from '../support/dynamo-rows';
import { listEmails, waitForEmail } from '../support/mailbox';
import { testDesign } from '../support/order-fakes';
import { stackUrls } from './helpers/stack-env';

/**
 * The notification centre against the local stack: the handlers behind the gateway, the outbox consumer on its
 * one-second timer raising each notice's items, the SES emulator for the emails. A practice of its own with two
 * linked users, and a lab user of its own; every assertion is on this file's orders.
 */
const LENS_ID = `it-bell-${randomUUID().slice(0, 8)}`;
const SHIPPING = {
  method: 'standard',
  address: { address: '9 Bell Street', city: 'Portland', state: 'ME', zip: '04101' },
};

type Call = ReturnType<typeof caller>;
let lab: Call;
const practice = {
  accountNumber: '',
  ann: { email: '', as: null as unknown as Call },
  bob: { email: '', as: null as unknown as Call },
};

beforeAll(async () => {
  await putLensDesign(testDesign({ lensId: LENS_ID }));
  const labUser = await createTestUser(['admin']);
  await putRow('users', userRow(labUser, { firstName: 'Lara', lastName: 'Lab' }));
  lab = caller(stackUrls.api, await signIn(labUser));

  practice.accountNumber = `IT-${randomUUID().slice(0, 8).toUpperCase()}`;
  const [ann, bob] = [
    await createTestUser(['customer'], uniqueEmail('ann-bell')),
    await createTestUser(['customer'], uniqueEmail('bob-bell')),
  ];
  await putRow(
    'customers',
    customerRow(practice.accountNumber, {
      userIds: new Set([ann.userId, bob.userId]),
      shippingAddress: SHIPPING.address,
    }),
  );
  for (const user of [ann, bob]) await putRow('users', userRow(user, { accountNumber: practice.accountNumber }));
  practice.ann = { email: ann.email, as: caller(stackUrls.api, await signIn(ann)) };
  practice.bob = { email: bob.email, as: caller(stackUrls.api, await signIn(bob)) };
}, 60_000);

const ok = (answer: RouteAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

async function placeOrder(patient: string) {
  return ok(
    await practice.ann.as('submitOrder', {
      orderId: randomUUID(),
      accountNumber: practice.accountNumber,
      order: {
        patient,
        lines: [{ eye: 'OD', lensId: LENS_ID, parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 }],
        shipping: SHIPPING,
      },
    }),
  ) as { orderId: string; orderNumber: string; version: number };
}

/** The caller's items (first page), polled until one matches; the consumer delivers within seconds. */
async function waitForItem(as: Call, match: (item: NotificationItem) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let items: NotificationItem[] = [];
  while (Date.now() < deadline) {
    items = ok(await as('listNotifications', { limit: 50 })).items as NotificationItem[];
    const found = items.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No matching notification; got: ${items.map((i) => i.title).join(' | ') || 'none'}`);
}

const unread = async (as: Call) => ok(await as('countUnreadNotifications', {})).unread as number;

describe('the notification center on the local stack', () => {
  it('a practice places an order: the lab’s staff see "New order" in their bell, with the approval page', async () => {
    const order = await placeOrder(`Nils Bell ${randomUUID().slice(0, 6)}`);
    const item = await waitForItem(lab, (i) => i.title === `New order ${order.orderNumber}`);
    expect(item).toMatchObject({
      eventId: 'lab-new-order',
      link: pagePaths.labOrder(order.orderId),
      readAt: null,
      accountNumber: practice.accountNumber,
    });
    expect(await unread(lab)).toBeGreaterThanOrEqual(1);
  });

  it('the lab approves: the practice’s users see "Order approved" with the order link; mark read lowers the count', async () => {
    const order = await placeOrder(`Vera Bell ${randomUUID().slice(0, 6)}`);
    ok(await lab('approveOrder', { orderId: order.orderId, version: order.version }));
    for (const user of [practice.ann, practice.bob]) {
      const item = await waitForItem(user.as, (i) => i.title === `Order ${order.orderNumber} approved`);
      expect(item).toMatchObject({ eventId: 'order-approved', link: pagePaths.order(order.orderId), readAt: null });
    }
    const before = await unread(practice.bob.as);
    const item = await waitForItem(practice.bob.as, (i) => i.title === `Order ${order.orderNumber} approved`);
    expect(ok(await practice.bob.as('markNotificationsRead', { ids: [item.id] }))).toEqual({ unread: before - 1 });
    expect(await unread(practice.bob.as)).toBe(before - 1);
    const again = await waitForItem(practice.bob.as, (i) => i.id === item.id);
    expect(again.readAt).not.toBeNull();
    // Marking it again lowers nothing.
    expect(ok(await practice.bob.as('markNotificationsRead', { ids: [item.id] }))).toEqual({ unread: before - 1 });
  });

  it('turning "Order approved" off stops both the bell item and the email for that user only', async () => {
    const prefs = ok(await practice.bob.as('getNotificationPreferences', {}));
    expect(prefs.audience).toBe('practice');
    const saved = ok(
      await practice.bob.as('updateNotificationPreferences', {
        choices: { 'order-approved': 'off' },
        version: prefs.version,
      }),
    );
    expect(saved.choices['order-approved']).toBe('off');

    const order = await placeOrder(`Ola Bell ${randomUUID().slice(0, 6)}`);
    ok(await lab('approveOrder', { orderId: order.orderId, version: order.version }));
    const isThisOrder = (subject: string) => subject.includes(`${order.orderNumber} approved`);
    // Ann still gets both; once her email is out, the whole notice has been delivered.
    await waitForEmail(stackUrls.ses, practice.ann.email, (e) => isThisOrder(e.subject), 20_000);
    await waitForItem(practice.ann.as, (i) => isThisOrder(i.title));
    const bobsItems = ok(await practice.bob.as('listNotifications', {})).items as NotificationItem[];
    expect(bobsItems.filter((i) => isThisOrder(i.title))).toEqual([]);
    const toBob = (await listEmails(stackUrls.ses)).filter((e) =>
      e.destination.to.includes(practice.bob.email.toLowerCase()),
    );
    expect(toBob.filter((e) => isThisOrder(e.subject))).toEqual([]);

    // A stale version is a 409 and changes nothing.
    const stale = await practice.bob.as('updateNotificationPreferences', {
      choices: { 'order-approved': 'email' },
      version: prefs.version,
    });
    expect(stale.status).toBe(409);
    ok(
      await practice.bob.as('updateNotificationPreferences', {
        choices: { 'order-approved': 'email' },
        version: saved.version,
      }),
    );
  });

  it('a customer cannot read or mark another user’s items: the routes take the user from the token only', async () => {
    const order = await placeOrder(`Ines Bell ${randomUUID().slice(0, 6)}`);
    ok(await lab('approveOrder', { orderId: order.orderId, version: order.version }));
    const annsItem = await waitForItem(practice.ann.as, (i) => i.title === `Order ${order.orderNumber} approved`);
    await waitForItem(practice.bob.as, (i) => i.title === `Order ${order.orderNumber} approved`);
    const annUnread = await unread(practice.ann.as);

    // Bob names Ann's item: his own items are looked up, so Ann's stays unread.
    ok(await practice.bob.as('markNotificationsRead', { ids: [annsItem.id] }));
    expect(await unread(practice.ann.as)).toBe(annUnread);
    const bobsIds = (ok(await practice.bob.as('listNotifications', {})).items as NotificationItem[]).map((i) => i.id);
    expect(bobsIds).not.toContain(annsItem.id);

    // Naming a user in the input is refused outright.
    const sneaky = await practice.bob.as('listNotifications', { userId: 'someone-else' });
    expect(sneaky.status).toBe(400);
    // Another user's page cursor is refused too.
    const first = ok(await practice.ann.as('listNotifications', { limit: 1 }));
    if (first.nextCursor) {
      expect((await practice.bob.as('listNotifications', { limit: 1, cursor: first.nextCursor })).status).toBe(400);
    }

    // Ann reads everything: her count is zero, Bob's is his own.
    expect(ok(await practice.ann.as('markNotificationsRead', { all: true }))).toEqual({ unread: 0 });
    expect(await unread(practice.bob.as)).toBeGreaterThanOrEqual(1);
  });
});
