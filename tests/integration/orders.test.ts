import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getRow, putLensDesign } from '../support/dynamo-rows';
import { handlerCaller } from '../support/handler-caller';
import { testDesign } from '../support/order-fakes';
import { labUser, practiceUser } from '../support/stack-users';
import * as getCustomerInfo from '../../lambdas/handlers/customers/get-customer-info';
import * as approveOrder from '../../lambdas/handlers/orders/approve-order';
import * as cancelOrder from '../../lambdas/handlers/orders/cancel-order';
import * as closeOrder from '../../lambdas/handlers/orders/close-order';
import * as getAdminDashboard from '../../lambdas/handlers/orders/get-admin-dashboard';
import * as getOrder from '../../lambdas/handlers/orders/get-order';
import * as holdOrder from '../../lambdas/handlers/orders/hold-order';
import * as listAccountOrders from '../../lambdas/handlers/orders/list-account-orders';
import * as listOrders from '../../lambdas/handlers/orders/list-orders';
import * as saveOrderDraft from '../../lambdas/handlers/orders/save-order-draft';
import * as submitOrder from '../../lambdas/handlers/orders/submit-order';

const call = handlerCaller({
  submitOrder: submitOrder.handler,
  saveOrderDraft: saveOrderDraft.handler,
  getOrder: getOrder.handler,
  listAccountOrders: listAccountOrders.handler,
  listOrders: listOrders.handler,
  cancelOrder: cancelOrder.handler,
  approveOrder: approveOrder.handler,
  holdOrder: holdOrder.handler,
  closeOrder: closeOrder.handler,
  getAdminDashboard: getAdminDashboard.handler,
  getCustomerInfo: getCustomerInfo.handler,
});

const LENS_ID = `it-scleral-${randomUUID().slice(0, 8)}`;
const account = () => `IT-${randomUUID().slice(0, 8).toUpperCase()}`;

const orderFields = (sphere = -2.5) => ({
  patient: 'Jane Roe',
  poNumber: 'PO-1',
  lines: [{ eye: 'OD', lensId: LENS_ID, parameters: { sphere, diameter: 16.5 }, quantity: 1 }],
  shipping: { method: 'standard', address: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
});

beforeAll(async () => {
  await putLensDesign(testDesign({ lensId: LENS_ID }));
});

describe('orders against the emulators', () => {
  it('20 concurrent identical submits store one order with one order number, and all answer it', async () => {
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    const orderId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('submitOrder', token, { orderId, accountNumber, order: orderFields() })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const numbers = new Set(answers.map((a) => a.body.result.orderNumber));
    expect(numbers.size).toBe(1);
    expect([...numbers][0]).toMatch(/^LL-\d{6}$/);
    const stored = await getRow('orders', { orderId });
    expect(stored).toMatchObject({ status: 'submitted', orderNumber: [...numbers][0], version: 0 });
    expect(stored!['history']).toHaveLength(1);
    // Counted once: the account total is 1.
    expect(await getRow('counters', { counter: `account#${accountNumber}` })).toMatchObject({ value: 1 });
    const list = await call('listAccountOrders', token, { accountNumber });
    expect(list.body.result.items).toHaveLength(1);
  });

  it('an out-of-range parameter is refused with its field error, and nothing is written', async () => {
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    const orderId = randomUUID();
    const res = await call('submitOrder', token, { orderId, accountNumber, order: orderFields(-40) });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors).toEqual({
      'lines.0.parameters.sphere': ['Sphere must be between -20.00 and +20.00 D'],
    });
    expect(await getRow('orders', { orderId })).toBeUndefined();
    expect(await getRow('counters', { counter: `account#${accountNumber}` })).toBeUndefined();
  });

  it('two admins acting on the same version: one wins, the other is told to reload, nothing is lost', async () => {
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    const [adminA, adminB] = await Promise.all([labUser(), labUser()]);
    const orderId = randomUUID();
    const placed = await call('submitOrder', token, { orderId, accountNumber, order: orderFields() });
    const version = placed.body.result.version as number;
    const [approve, hold] = await Promise.all([
      call('approveOrder', adminA, { orderId, version }),
      call('holdOrder', adminB, { orderId, version, message: 'Need topography' }),
    ]);
    const statuses = [approve.status, hold.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = approve.status === 409 ? approve : hold;
    expect(loser.body.error.message).toBe('This order changed since you opened it. Reload to see the latest.');
    const stored = await getRow('orders', { orderId });
    expect(stored!['history']).toHaveLength(2);
    expect(stored!['version']).toBe(version + 1);
  });

  it("a customer of practice B cannot get, list or cancel practice A's order (not-found)", async () => {
    const [a, b] = [account(), account()];
    const owner = await practiceUser(a);
    const other = await practiceUser(b);
    const orderId = randomUUID();
    const placed = await call('submitOrder', owner.token, { orderId, accountNumber: a, order: orderFields() });
    expect((await call('getOrder', other.token, { orderId })).status).toBe(404);
    expect((await call('listAccountOrders', other.token, { accountNumber: a })).status).toBe(404);
    const cancel = await call('cancelOrder', other.token, { orderId, version: placed.body.result.version });
    expect(cancel.status).toBe(404);
    expect(await getRow('orders', { orderId })).toMatchObject({ status: 'submitted' });
  });

  it('full lifecycle: submitted -> approved -> closed with the invoice number and a timeline', async () => {
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber, { pricingAllowed: false });
    const admin = await labUser();
    const orderId = randomUUID();
    const draft = await call('saveOrderDraft', token, {
      orderId,
      accountNumber,
      draft: { patient: 'Jane', lines: [], attachments: [] },
    });
    expect(draft.body.result.version).toBe(0);
    const placed = await call('submitOrder', token, { orderId, accountNumber, order: orderFields() });
    expect(placed.body.result.totalCents).toBeUndefined();
    const queue = await call('listOrders', admin, { status: 'submitted', accountNumber, limit: 10 });
    expect(queue.body.result.items.map((o: { orderId: string }) => o.orderId)).toEqual([orderId]);
    const approved = await call('approveOrder', admin, { orderId, version: placed.body.result.version });
    expect(approved.body.result.status).toBe('approved');
    const closed = await call('closeOrder', admin, {
      orderId,
      version: approved.body.result.version,
      invoiceNumber: 'INV-1001',
      noTracking: true,
    });
    expect(closed.status).toBe(200);
    const seen = await call('getOrder', token, { orderId });
    expect(seen.body.result).toMatchObject({ status: 'closed', invoiceNumber: 'INV-1001' });
    expect(seen.body.result.history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      ['draft', 'submitted'],
      ['submitted', 'approved'],
      ['approved', 'closed'],
    ]);
    expect(seen.body.result.totalCents).toBeUndefined();
    const refused = await call('cancelOrder', token, { orderId, version: seen.body.result.version });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('An order that is closed cannot be canceled.');
  });

  it('getCustomerInfo lists the account orders newest first with the total', async () => {
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    const first = randomUUID();
    const second = randomUUID();
    await call('submitOrder', token, { orderId: first, accountNumber, order: orderFields() });
    await call('submitOrder', token, { orderId: second, accountNumber, order: orderFields() });
    const info = await call('getCustomerInfo', token);
    expect(info.status).toBe(200);
    expect(info.body.result.total).toBe(2);
    expect(info.body.result.orders.map((o: { orderId: string }) => o.orderId)).toEqual([second, first]);
  });

  it('the admin dashboard answers counts, the oldest waiting order and 12 weeks', async () => {
    const res = await call('getAdminDashboard', await labUser());
    expect(res.status).toBe(200);
    expect(res.body.result.countsByStatus.submitted).toBeGreaterThan(0);
    expect(res.body.result.oldestWaiting).not.toBeNull();
    expect(res.body.result.ordersPerWeek).toHaveLength(12);
  });
});
