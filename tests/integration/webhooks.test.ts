import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_RETRY_POLICY } from '../../core/rules/webhook-events';
import { dynamoWebhookStore } from '../../lambdas/adapters/dynamo-webhook-store';
import { httpWebhookPoster, WEBHOOK_HEADERS } from '../../lambdas/adapters/http-webhook-poster';
import { verifyWebhookSignature } from '../../lambdas/adapters/webhook-signature';
import * as createWebhookEndpoint from '../../lambdas/handlers/webhook-endpoints/create-webhook-endpoint';
import * as deleteWebhookEndpoint from '../../lambdas/handlers/webhook-endpoints/delete-webhook-endpoint';
import * as listWebhookDeliveries from '../../lambdas/handlers/webhook-endpoints/list-webhook-deliveries';
import * as redeliverWebhook from '../../lambdas/handlers/webhook-endpoints/redeliver-webhook';
import * as rotateWebhookSecret from '../../lambdas/handlers/webhook-endpoints/rotate-webhook-secret';
import { webhookEvent } from '../../lambdas/kernel/webhook-event';
import { deliverDueWebhooks, fanOutWebhook } from '../../lambdas/use-cases/webhook-endpoints/deliver-webhooks';
import { DEMO_WEBHOOK_ENDPOINT_ID, seedDemoWebhooks } from '../../local/seed/demo-webhooks';
import { putLensDesign } from '../support/dynamo-rows';
import { handlerCaller } from '../support/handler-caller';
import { testDesign } from '../support/order-fakes';
import { labUser } from '../support/stack-users';
import { approvedOrder } from './helpers/order-flow';

/**
 * Outgoing webhooks against the emulators (docs/decisions/0105-outgoing-webhooks.md): the DynamoDB store, the
 * HTTP poster and a receiver on loopback. The table is shared with the stack's own sweep, so the tests that drive
 * the sweep themselves run in 2099 (the stack's sweep never finds those deliveries due) and every assertion is
 * about this file's own events.
 */

interface Received {
  headers: Record<string, string>;
  body: string;
}

const received: Received[] = [];
/** What the receiver answers per event id, one status per try; 200 when nothing is scripted. */
const script = new Map<string, number[]>();
let receiver: Server;
let receiverUrl = '';

const call = handlerCaller({
  createWebhookEndpoint: createWebhookEndpoint.handler,
  deleteWebhookEndpoint: deleteWebhookEndpoint.handler,
  listWebhookDeliveries: listWebhookDeliveries.handler,
  redeliverWebhook: redeliverWebhook.handler,
  rotateWebhookSecret: rotateWebhookSecret.handler,
});
const LENS_ID = `it-webhooks-${randomUUID().slice(0, 8)}`;
let superAdmin = '';
const endpoints: { endpointId: string; version: number }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers as Record<string, string>, body });
      const id = req.headers[WEBHOOK_HEADERS.eventId.toLowerCase()] as string;
      res.statusCode = script.get(id)?.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  superAdmin = await labUser(['admin', 'superadmin']);
  await putLensDesign(testDesign({ lensId: LENS_ID }));
});

afterAll(async () => {
  for (const e of endpoints) await call('deleteWebhookEndpoint', superAdmin, e);
  await new Promise((resolve) => receiver.close(resolve));
});

async function register(events: string[]) {
  const answer = await call('createWebhookEndpoint', superAdmin, { url: receiverUrl, description: 'IT', events });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { endpoint, secret } = answer.body.result as {
    endpoint: { endpointId: string; version: number };
    secret: string;
  };
  endpoints.push({ endpointId: endpoint.endpointId, version: endpoint.version });
  return { endpoint, secret };
}

const postsOf = (eventId: string) =>
  received.filter((r) => r.headers[WEBHOOK_HEADERS.eventId.toLowerCase()] === eventId);

describe('outgoing webhooks through the local stack', () => {
  it('a placed and approved order reaches the registered endpoint as two signed events, without the patient', async () => {
    const { endpoint, secret } = await register(['order.submitted', 'order.approved']);
    const { orderId } = await approvedOrder(await labUser(), LENS_ID);

    // The stack's outbox consumer fans out, its deliverWebhooks job posts (every second locally).
    const ours = () =>
      received.filter((r) => (JSON.parse(r.body) as { data: { orderId?: string } }).data.orderId === orderId);
    await vi.waitFor(
      () =>
        expect(ours().map((r) => JSON.parse(r.body).type)).toEqual(
          expect.arrayContaining(['order.submitted', 'order.approved']),
        ),
      { timeout: 20_000, interval: 250 },
    );
    for (const post of ours()) {
      expect(() =>
        verifyWebhookSignature(post.body, post.headers[WEBHOOK_HEADERS.signature.toLowerCase()], secret),
      ).not.toThrow();
      expect(post.body).not.toContain('Jane Roe');
    }
    const log = await call('listWebhookDeliveries', superAdmin, { endpointId: endpoint.endpointId });
    expect(
      log.body.result.items.filter((d: { state: string }) => d.state === 'delivered').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('an unacknowledged delivery is retried with backoff until a 2xx, then failed after its last try, and a redelivery sends it again with the same id', async () => {
    const { endpoint, secret } = await register(['payment.received']);
    const webhooks = dynamoWebhookStore();
    let now = Date.UTC(2099, 0, 1) + Math.floor(Math.random() * 1e9);
    const deps = {
      webhooks,
      poster: httpWebhookPoster({ local: true }),
      log: { warn: () => {}, error: () => {} },
      now: () => new Date(now),
      policy: { ...WEBHOOK_RETRY_POLICY, attempts: 3 },
    };

    // Retried: 500, then 200 a minute (and a jitter) later.
    const retried = webhookEvent(deps, 'payment.received', { paymentId: `p-${randomUUID()}` });
    script.set(retried.messageId, [500, 200]);
    expect(await fanOutWebhook(deps, retried)).toBeGreaterThanOrEqual(1);
    expect(await fanOutWebhook(deps, retried)).toBe(0);
    await deliverDueWebhooks(deps);
    expect(postsOf(retried.messageId)).toHaveLength(1);
    now += 30_000;
    await deliverDueWebhooks(deps);
    expect(postsOf(retried.messageId)).toHaveLength(1);
    now += 40_000;
    await deliverDueWebhooks(deps);
    expect(postsOf(retried.messageId)).toHaveLength(2);
    const deliveryId = `${retried.createdAt}#${retried.messageId}`;
    expect(await webhooks.getDelivery(endpoint.endpointId, deliveryId)).toMatchObject({
      state: 'delivered',
      attempts: 2,
      lastStatus: 200,
    });
    for (const post of postsOf(retried.messageId))
      expect(() =>
        verifyWebhookSignature(post.body, post.headers[WEBHOOK_HEADERS.signature.toLowerCase()], secret, {
          now: Math.floor(now / 1000),
        }),
      ).not.toThrow();

    // Failed: three 503s, then the super admin's redelivery gets a 200.
    const failing = webhookEvent(deps, 'payment.received', { paymentId: `p-${randomUUID()}` });
    script.set(failing.messageId, [503, 503, 503, 200]);
    await fanOutWebhook(deps, failing);
    for (let i = 0; i < 3; i++) {
      await deliverDueWebhooks(deps);
      now += 10 * 60_000;
    }
    const failedId = `${failing.createdAt}#${failing.messageId}`;
    expect(await webhooks.getDelivery(endpoint.endpointId, failedId)).toMatchObject({ state: 'failed', attempts: 3 });
    await deliverDueWebhooks(deps);
    expect(postsOf(failing.messageId)).toHaveLength(3);

    const again = await call('redeliverWebhook', superAdmin, { endpointId: endpoint.endpointId, deliveryId: failedId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.result.delivery).toMatchObject({ state: 'delivered', attempts: 4, lastStatus: 200 });
    const posts = postsOf(failing.messageId);
    expect(posts).toHaveLength(4);
    expect(new Set(posts.map((p) => JSON.parse(p.body).id))).toEqual(new Set([failing.messageId]));

    // The log lists both, newest event first.
    const log = await call('listWebhookDeliveries', superAdmin, { endpointId: endpoint.endpointId });
    const ids = log.body.result.items.map((d: { deliveryId: string }) => d.deliveryId);
    expect(ids.indexOf(failedId)).toBeLessThan(ids.indexOf(deliveryId));
  });

  it('after a rotation the header carries a signature for the new secret and for the old one', async () => {
    const { endpoint, secret: old } = await register(['invoice.issued']);
    const rotated = await call('rotateWebhookSecret', superAdmin, {
      endpointId: endpoint.endpointId,
      version: endpoint.version,
    });
    expect(rotated.status).toBe(200);
    const { secret, endpoint: after } = rotated.body.result as { secret: string; endpoint: { version: number } };
    endpoints.splice(
      endpoints.findIndex((e) => e.endpointId === endpoint.endpointId),
      1,
      { endpointId: endpoint.endpointId, version: after.version },
    );
    expect(secret).not.toBe(old);
    // Real time: the old secret signs for 24 hours from now. The stack's sweep may post it first; either way once.
    const deps = {
      webhooks: dynamoWebhookStore(),
      poster: httpWebhookPoster({ local: true }),
      log: { warn: () => {}, error: () => {} },
      now: () => new Date(),
    };
    const event = webhookEvent(deps, 'invoice.issued', { invoiceNumber: `INV-${randomUUID().slice(0, 6)}` });
    await fanOutWebhook(deps, event);
    await deliverDueWebhooks(deps);
    await vi.waitFor(() => expect(postsOf(event.messageId)).toHaveLength(1), { timeout: 10_000, interval: 200 });
    const [post] = postsOf(event.messageId);
    const header = post!.headers[WEBHOOK_HEADERS.signature.toLowerCase()];
    expect(header!.split(',').filter((p) => p.startsWith('v1='))).toHaveLength(2);
    const at = { now: Math.floor(deps.now().getTime() / 1000) };
    expect(() => verifyWebhookSignature(post!.body, header, secret, at)).not.toThrow();
    expect(() => verifyWebhookSignature(post!.body, header, old, at)).not.toThrow();
  });

  it('the demo endpoint is seeded once, paused, with delivered and failed deliveries in its log', async () => {
    const webhooks = dynamoWebhookStore();
    await seedDemoWebhooks({ webhooks, now: () => new Date() });
    await seedDemoWebhooks({ webhooks, now: () => new Date() });
    expect(await webhooks.getEndpoint(DEMO_WEBHOOK_ENDPOINT_ID)).toMatchObject({ enabled: false });
    const log = await webhooks.listDeliveries(DEMO_WEBHOOK_ENDPOINT_ID, 10);
    expect(log.items.map((d) => [d.eventType, d.state, d.attempts])).toEqual([
      ['order.shipped', 'failed', 4],
      ['order.approved', 'delivered', 2],
      ['order.submitted', 'delivered', 1],
    ]);
  });
});
