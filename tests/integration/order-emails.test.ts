import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../support/api-call';
import { createTestUser, signIn, uniqueEmail } from '../support/cognito-test-users';
import { customerRow, putLensDesign, putRow, userRow } from '../support/dynamo-rows';
import { listEmails, waitForEmail, type StoredEmail } from '../support/mailbox';
import { testDesign } from '../support/order-fakes';
import { stackUrls } from './helpers/stack-env';

/**
 * The order emails arrive in the SES emulator with the right content, sent by
 * the handlers behind the local gateway (the templates' defaults, the lab's notification recipients as
 * stored). Each test uses its own practice, patient name and order number, so emails of parallel files or
 * earlier runs never match; the lab recipients are only read, never changed.
 */
const LENS_ID = `it-mail-${randomUUID().slice(0, 8)}`;
const SHIPPING = {
  method: 'standard',
  address: { address: '12 Harbour Road', city: 'Portland', state: 'ME', zip: '04101' },
};

let admin: ReturnType<typeof caller>;
let labRecipients: string[];

beforeAll(async () => {
  await putLensDesign(testDesign({ lensId: LENS_ID }));
  const lab = await createTestUser(['admin']);
  await putRow('users', userRow(lab, { firstName: 'Lara', lastName: 'Lab' }));
  admin = caller(stackUrls.api, await signIn(lab));
  const superAdmin = caller(stackUrls.api, await signIn(await createTestUser(['admin', 'superadmin'])));
  const settings = await superAdmin('getLabNotificationSettings', {});
  expect(settings.status).toBe(200);
  labRecipients = settings.body.result.recipients;
  expect(labRecipients.length).toBeGreaterThan(0);
});

/** A practice of its own (account, customer row) and its customer user, whose address is the orderer's. */
async function practice() {
  const accountNumber = `IT-${randomUUID().slice(0, 8).toUpperCase()}`;
  await putRow(
    'customers',
    customerRow(accountNumber, { company: `Mail Test Optics ${accountNumber}`, shippingAddress: SHIPPING.address }),
  );
  const user = await createTestUser(['customer'], uniqueEmail('orderer'));
  await putRow('users', userRow(user, { accountNumber, firstName: 'Olga', lastName: 'Orderer' }));
  return { accountNumber, email: user.email, as: caller(stackUrls.api, await signIn(user)) };
}

async function submit(p: Awaited<ReturnType<typeof practice>>, patient: string) {
  const placed = await p.as('submitOrder', {
    orderId: randomUUID(),
    accountNumber: p.accountNumber,
    order: {
      patient,
      lines: [{ eye: 'OD', lensId: LENS_ID, parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 }],
      shipping: SHIPPING,
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.result as { orderId: string; orderNumber: string; version: number };
}

const textOf = (email: StoredEmail) => email.body.text ?? '';

describe('order emails in the SES emulator', () => {
  it('a submitted order emails the orderer and every lab notification recipient, with the order number and patient', async () => {
    const p = await practice();
    const patient = `Nora Lindgren ${randomUUID().slice(0, 6)}`;
    const order = await submit(p, patient);
    expect(order.orderNumber).toMatch(/^LL-\d{6}$/);

    const isThisOrder = (e: StoredEmail) => e.subject.includes(order.orderNumber);
    for (const to of [p.email, ...labRecipients]) {
      const email = await waitForEmail(stackUrls.ses, to, isThisOrder);
      expect(email.subject).toBe(`Order ${order.orderNumber} received (${patient})`);
      expect(textOf(email)).toContain(`We received order ${order.orderNumber} for patient ${patient}`);
      expect(textOf(email)).toContain(`Mail Test Optics ${p.accountNumber}`);
      // Each recipient gets an email of their own: the practice never sees the lab's addresses.
      expect(email.destination.to).toEqual([to.toLowerCase()]);
    }
  });

  it("an admin's hold emails the practice order-on-hold with the lab's message", async () => {
    const p = await practice();
    const patient = `Ivo Berglund ${randomUUID().slice(0, 6)}`;
    const order = await submit(p, patient);
    const message = `Please send the OS topography (ref ${randomUUID().slice(0, 6)}).`;
    const held = await admin('holdOrder', { orderId: order.orderId, version: order.version, message });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.result.status).toBe('on-hold');

    const email = await waitForEmail(stackUrls.ses, p.email, (e) => e.subject.includes(`${order.orderNumber} on hold`));
    expect(email.subject).toBe(`Order ${order.orderNumber} on hold: the lab needs information`);
    expect(textOf(email)).toContain(`Order ${order.orderNumber} for patient ${patient}`);
    expect(textOf(email)).toContain(message);
  });

  it("the practice's answer to a hold emails each lab recipient order-resubmitted with the answer (escaped in HTML), not the practice", async () => {
    const p = await practice();
    const patient = `Edda Holm ${randomUUID().slice(0, 6)}`;
    const order = await submit(p, patient);
    const held = await admin('holdOrder', { orderId: order.orderId, version: order.version, message: 'Which OS?' });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const tag = randomUUID().slice(0, 6);
    const answer = `OS sphere is -2.75 <per the chart> ${tag}`;
    const answered = await p.as('resubmitOrder', {
      orderId: order.orderId,
      version: held.body.result.version,
      answer,
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.result.status).toBe('submitted');

    const isThisAnswer = (e: StoredEmail) =>
      e.subject.includes(`${order.orderNumber} resubmitted`) && textOf(e).includes(tag);
    for (const to of labRecipients) {
      const email = await waitForEmail(stackUrls.ses, to, isThisAnswer);
      expect(email.subject).toBe(`Order ${order.orderNumber} resubmitted (${patient})`);
      expect(email.destination.to).toEqual([to.toLowerCase()]);
      expect(textOf(email)).toContain(`Mail Test Optics ${p.accountNumber} (account ${p.accountNumber})`);
      expect(textOf(email)).toContain(answer);
      expect(email.body.html).toContain(`OS sphere is -2.75 &lt;per the chart&gt; ${tag}`);
      expect(email.body.html).not.toContain('<per the chart>');
      // The stack runs without PORTAL_URL, so the link is the words; the unit tests check the address.
      expect(textOf(email)).toContain('the Lenslab Portal (Order Approval)');
    }
    // Sent before the answer returned: the practice was not emailed its own answer.
    const toPractice = (await listEmails(stackUrls.ses)).filter((e) =>
      e.destination.to.includes(p.email.toLowerCase()),
    );
    expect(toPractice.filter(isThisAnswer)).toEqual([]);
  });

  it('a practice canceling an order emails order-canceled to the practice and to each lab recipient', async () => {
    const p = await practice();
    const patient = `Tove Ek ${randomUUID().slice(0, 6)}`;
    const order = await submit(p, patient);
    const reason = `Patient moved away (${randomUUID().slice(0, 6)})`;
    const cancelled = await p.as('cancelOrder', { orderId: order.orderId, version: order.version, reason });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.result.status).toBe('cancelled');

    for (const to of [p.email, ...labRecipients]) {
      const email = await waitForEmail(stackUrls.ses, to, (e) => e.subject === `Order ${order.orderNumber} canceled`);
      expect(email.destination.to).toEqual([to.toLowerCase()]);
      expect(textOf(email)).toContain(`Order ${order.orderNumber} for patient ${patient}`);
      expect(textOf(email)).toContain(`Reason: ${reason}`);
    }
  });

  it('a patient name with HTML arrives as text: escaped in the HTML part, unchanged in the text part', async () => {
    const p = await practice();
    const tag = randomUUID().slice(0, 6);
    const patient = `<b>x</b> ${tag}`;
    const order = await submit(p, patient);

    const email = await waitForEmail(stackUrls.ses, p.email, (e) => e.subject.includes(order.orderNumber));
    expect(email.body.html).toContain(`&lt;b&gt;x&lt;/b&gt; ${tag}`);
    expect(email.body.html).not.toContain('<b>x</b>');
    expect(textOf(email)).toContain(`for patient <b>x</b> ${tag}`);
  });
});
