import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_SCOPE_MISSING_MESSAGE } from '../../lambdas/http/create-handler';
import { getRow, putLensDesign } from '../support/dynamo-rows';
import { handlerCaller } from '../support/handler-caller';
import { createTestMachineClient, machineToken, requestMachineToken } from '../support/machine-clients';
import { testDesign } from '../support/order-fakes';
import { labUser, practiceUser } from '../support/stack-users';
import { uniqueTrackingNumber } from '../support/tracking-fixtures';
import { callApi } from './helpers/call-api';
import { approvedOrder as approved, testAccountNumber } from './helpers/order-flow';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { ensureDemoMachineClient } from '../../local/seed/demo-machine-client';
import * as createMachineClient from '../../lambdas/handlers/machine/create-machine-client';
import * as deleteMachineClient from '../../lambdas/handlers/machine/delete-machine-client';
import * as listMachineClients from '../../lambdas/handlers/machine/list-machine-clients';
import * as machineIssueInvoice from '../../lambdas/handlers/machine/machine-issue-invoice';
import * as machinePullOrders from '../../lambdas/handlers/machine/machine-pull-orders';
import * as machineSetOrderStage from '../../lambdas/handlers/machine/machine-set-order-stage';
import * as machineShipOrder from '../../lambdas/handlers/machine/machine-ship-order';

/**
 * The machine API against the emulators (docs/decisions/0104-machine-api.md): a client made in the pool, its token
 * from the bridge's token endpoint, the handlers verifying it as they verify Cognito's.
 */
const call = handlerCaller({
  machinePullOrders: machinePullOrders.handler,
  machineSetOrderStage: machineSetOrderStage.handler,
  machineShipOrder: machineShipOrder.handler,
  machineIssueInvoice: machineIssueInvoice.handler,
  createMachineClient: createMachineClient.handler,
  listMachineClients: listMachineClients.handler,
  deleteMachineClient: deleteMachineClient.handler,
});

const LENS_ID = `it-machine-${randomUUID().slice(0, 8)}`;
const tokens = { production: '', reader: '', admin: '' };

beforeAll(async () => {
  await putLensDesign({ ...testDesign({ lensId: LENS_ID }), leadDays: 4 });
  [tokens.production, tokens.reader, tokens.admin] = await Promise.all([
    machineToken(['orders.read', 'orders.write-status', 'invoices.write']),
    machineToken(['orders.read']),
    labUser(),
  ]);
}, 120_000);

const approvedOrder = () => approved(tokens.admin, LENS_ID, { method: 'express' });

/** Pulls from `cursor` to the end of the feed; answers every order given and the last cursor. */
async function pullAll(token: string, cursor?: string) {
  const items: Record<string, unknown>[] = [];
  for (;;) {
    const page = await call('machinePullOrders', token, { limit: 100, ...(cursor ? { cursor } : {}) });
    expect(page.status).toBe(200);
    items.push(...page.body.result.items);
    cursor = page.body.result.cursor ?? undefined;
    if (!page.body.result.hasMore) return { items, cursor };
  }
}

describe('machine API against the emulators', () => {
  it('the bridge issues a client-credentials token only for the client’s secret and scopes', async () => {
    const client = await createTestMachineClient(['orders.read']);
    expect(await requestMachineToken({ ...client, clientSecret: 'wrong' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_client' },
    });
    expect(await requestMachineToken(client, 'lenslab/invoices.write')).toMatchObject({
      body: { error: 'invalid_scope' },
    });
    expect(await requestMachineToken(client)).toMatchObject({ status: 200, body: { expires_in: 3600 } });
  });

  it('pulls the orders approved since its cursor, minimum necessary of the patient, each once', async () => {
    const { cursor } = await pullAll(tokens.reader);
    const first = await approvedOrder();
    const second = await approvedOrder();
    const pulled = await pullAll(tokens.reader, cursor);
    const mine = pulled.items.filter((o) => [first.order.orderId, second.order.orderId].includes(o['orderId']));
    expect(mine.map((o) => o['orderId'])).toEqual([first.order.orderId, second.order.orderId]);
    expect(mine[0]).toMatchObject({
      accountNumber: first.accountNumber,
      orderNumber: first.order.orderNumber,
      patientInitials: 'JR',
      stage: 'approved',
      lines: [{ eye: 'OD', lensId: LENS_ID, parameters: { sphere: -2.5 } }],
    });
    expect(JSON.stringify(mine)).not.toContain('Jane Roe');
    const again = await pullAll(tokens.reader, pulled.cursor);
    expect(again.items.map((o) => o['orderId'])).not.toContain(first.order.orderId);
  });

  it('sets a stage and ships with tracking; the order names the machine client, and a stale version is 409', async () => {
    const { order } = await approvedOrder();
    const staged = await call('machineSetOrderStage', tokens.production, {
      orderId: order.orderId,
      version: order.version,
      to: 'lathing',
    });
    expect(staged.status).toBe(200);
    expect(staged.body.result).toMatchObject({ stage: 'lathing', version: order.version + 1 });
    const stale = await call('machineSetOrderStage', tokens.production, {
      orderId: order.orderId,
      version: order.version,
      to: 'polishing',
    });
    expect(stale.status).toBe(409);

    const trackingNumber = uniqueTrackingNumber('ups');
    const shipped = await call('machineShipOrder', tokens.production, {
      orderId: order.orderId,
      version: order.version + 1,
      invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
      parcels: [{ carrier: 'ups', trackingNumber }],
    });
    expect(shipped.status).toBe(200);
    const stored = await getRow('orders', { orderId: order.orderId });
    expect(stored).toMatchObject({ status: 'closed', parcels: [{ trackingNumber }] });
    expect((stored!['history'] as { by: { userId: string } }[]).at(-1)!.by.userId).toMatch(/^machine-client:/);
  });

  it('issues an invoice once: the same invoice number again is a 409', async () => {
    const { accountNumber } = await approvedOrder();
    const invoice = {
      invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
      accountNumber,
      lines: [{ description: 'Scleral lens OD', quantity: 1, unitCents: 25_000 }],
    };
    const issued = await call('machineIssueInvoice', tokens.production, invoice);
    expect(issued.status).toBe(200);
    expect(issued.body.result).toMatchObject({ invoiceNumber: invoice.invoiceNumber.toUpperCase(), accountNumber });
    expect((await call('machineIssueInvoice', tokens.production, invoice)).status).toBe(409);
  });

  it('a client without invoices.write gets 403 on the invoice and ship routes', async () => {
    const { accountNumber, order } = await approvedOrder();
    const refused = await call('machineIssueInvoice', tokens.reader, {
      invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
      accountNumber,
      lines: [{ description: 'Lens', quantity: 1, unitCents: 100 }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MACHINE_SCOPE_MISSING_MESSAGE);
    const ship = await call('machineShipOrder', tokens.reader, {
      orderId: order.orderId,
      version: order.version,
      invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
      noTracking: true,
    });
    expect(ship.status).toBe(403);
    expect(await getRow('orders', { orderId: order.orderId })).toMatchObject({ status: 'approved' });
  });

  it('through the gateway: a machine token is refused on a practice route, a person’s token on a machine route', async () => {
    const practice = await practiceUser(testAccountNumber());
    expect((await callApi('listAccountOrders', { data: { accountNumber: 'X-1' } }, tokens.production)).status).toBe(
      401,
    );
    const person = await callApi('machinePullOrders', { data: {} }, practice.token);
    expect(person.status).toBe(403);
    expect((await callApi('machinePullOrders', { data: {} }, tokens.admin)).status).toBe(403);
    expect((await callApi('machinePullOrders', { data: {} })).status).toBe(401);
    expect((await callApi('machinePullOrders', { data: { limit: 1 } }, tokens.reader)).status).toBe(200);
  });
});

describe('machine clients registered by a super admin, against the emulators', () => {
  it('creates a client whose secret is shown once and gets tokens, lists it, and deletion stops new tokens', async () => {
    const boss = await labUser(['admin', 'superadmin']);
    const name = `Lathe control ${randomUUID().slice(0, 6)}`;
    const created = await call('createMachineClient', boss, { name, scopes: ['orders.read'] });
    expect(created.status).toBe(200);
    const { clientId, clientSecret } = created.body.result;
    expect(created.body.result).toMatchObject({ name, scopes: ['orders.read'] });
    const token = await requestMachineToken({ clientId, clientSecret });
    expect(token.status).toBe(200);
    expect((await call('machinePullOrders', String(token.body['access_token']), { limit: 1 })).status).toBe(200);

    const listed = await call('listMachineClients', boss, {});
    const mine = listed.body.result.items.find((c: { clientId: string }) => c.clientId === clientId);
    expect(mine).toEqual({ clientId, name, scopes: ['orders.read'], createdAt: expect.any(String) });
    expect(JSON.stringify(listed.body)).not.toContain(clientSecret);
    expect(listed.body.result.items.map((c: { clientId: string }) => c.clientId)).not.toContain(
      process.env['USER_POOL_CLIENT_ID'],
    );

    expect((await call('deleteMachineClient', boss, { clientId })).status).toBe(200);
    expect((await requestMachineToken({ clientId, clientSecret })).body).toEqual({ error: 'invalid_client' });
    expect((await call('deleteMachineClient', boss, { clientId })).status).toBe(404);
  });

  it('the web client is not a machine client: deleting it is a 404 and it stays; an admin who is not super may not', async () => {
    const boss = await labUser(['admin', 'superadmin']);
    const web = process.env['USER_POOL_CLIENT_ID']!;
    expect((await call('deleteMachineClient', boss, { clientId: web })).status).toBe(404);
    expect((await call('listMachineClients', tokens.admin, {})).status).toBe(403);
    expect((await call('createMachineClient', boss, { name: 'x', scopes: [] })).status).toBe(400);
  });
});

describe('the demo machine client (local seed)', () => {
  it('is made once per pool and found again with its secret on the next start; its token has every scope', async () => {
    const cognito = new CognitoIdentityProviderClient({});
    const first = await ensureDemoMachineClient(cognito, process.env['USER_POOL_ID']!);
    const again = await ensureDemoMachineClient(cognito, process.env['USER_POOL_ID']!);
    cognito.destroy();
    expect(again).toEqual(first);
    const token = await requestMachineToken(first);
    expect(decodeJwt(String(token.body['access_token']))['scope']).toBe(
      'lenslab/orders.read lenslab/orders.write-status lenslab/invoices.write',
    );
  });
});
