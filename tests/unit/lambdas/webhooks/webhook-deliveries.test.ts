import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_POLICY } from '../../../../core/rules/webhook-events';
import type { WebhookEventType } from '../../../../core/rules/webhook-terms';
import { webhookEvent } from '../../../../lambdas/kernel/webhook-event';
import {
  attemptDelivery,
  deliverDueWebhooks,
  fanOutWebhook,
  listWebhookDeliveries,
  redeliverWebhook,
} from '../../../../lambdas/use-cases/webhook-endpoints/deliver-webhooks';
import {
  createWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../../../../lambdas/use-cases/webhook-endpoints/webhook-endpoints';
import { identity } from '../../../support/identities';
import { inMemoryWebhookStore, scriptedPoster } from '../../../support/in-memory-webhooks';

const superAdmin = identity(['admin', 'superadmin']);
const admin = identity(['admin']);
const noJitter = { ...WEBHOOK_RETRY_POLICY };

function setup(answers: Parameters<typeof scriptedPoster>[0] = []) {
  let now = Date.parse('2026-12-03T12:00:00.000Z');
  const clock = { now: () => new Date(now) };
  const webhooks = inMemoryWebhookStore();
  const poster = scriptedPoster(answers);
  const logs: { level: string; msg: string }[] = [];
  const log = {
    warn: (msg: string) => logs.push({ level: 'warn', msg }),
    error: (msg: string) => logs.push({ level: 'error', msg }),
  };
  let secrets = 0;
  const endpointDeps = {
    webhooks,
    urlRules: { local: false },
    now: clock.now,
    newSecret: () => `whsec_${++secrets}`,
  };
  const deliveryDeps = { webhooks, poster, log, now: clock.now, policy: noJitter };
  return {
    webhooks,
    poster,
    logs,
    endpointDeps,
    deliveryDeps,
    advance: (ms: number) => (now += ms),
    at: () => new Date(now),
    clock,
  };
}

async function endpointFor(s: ReturnType<typeof setup>, events: WebhookEventType[] = ['order.approved']) {
  return createWebhookEndpoint(
    superAdmin,
    { url: 'https://lab.example.com/hooks', description: 'ERP', events: [...events] },
    s.endpointDeps,
  );
}

describe('outgoing webhooks: endpoints (docs/decisions/0105-outgoing-webhooks.md)', () => {
  it('the secret is made by the server and answered once; the list never shows it', async () => {
    const s = setup();
    const { secret, endpoint } = await endpointFor(s);
    expect(secret).toBe('whsec_1');
    const listed = await listWebhookEndpoints(superAdmin, s.endpointDeps);
    expect(listed.items).toEqual([endpoint]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
  });

  it('an internal or plain-http URL is a 400, not a stored endpoint', async () => {
    const s = setup();
    for (const url of ['https://169.254.169.254/', 'http://lab.example.com/']) {
      await expect(
        createWebhookEndpoint(superAdmin, { url, description: '', events: ['order.approved'] }, s.endpointDeps),
      ).rejects.toMatchObject({ httpCode: 400 });
    }
    expect(s.webhooks.endpoints.size).toBe(0);
  });

  it('only a super admin manages endpoints', async () => {
    const s = setup();
    await expect(listWebhookEndpoints(admin, s.endpointDeps)).rejects.toMatchObject({ httpCode: 403 });
  });

  it('an edit on a version someone else changed is refused with the reload message', async () => {
    const s = setup();
    const { endpoint } = await endpointFor(s);
    const edit = { endpointId: endpoint.endpointId, url: endpoint.url, description: 'x', events: endpoint.events };
    await updateWebhookEndpoint(superAdmin, { ...edit, version: 0, enabled: false }, s.endpointDeps);
    await expect(
      updateWebhookEndpoint(superAdmin, { ...edit, version: 0, enabled: true }, s.endpointDeps),
    ).rejects.toMatchObject({ httpCode: 409 });
  });
});

describe('outgoing webhooks: fan-out and delivery', () => {
  it('an event makes one delivery per enabled endpoint subscribed to it, and a second fan-out makes none', async () => {
    const s = setup();
    const { endpoint } = await endpointFor(s);
    await endpointFor(s, ['order.shipped']);
    const paused = await endpointFor(s);
    await updateWebhookEndpoint(
      superAdmin,
      { ...paused.endpoint, version: paused.endpoint.version, enabled: false },
      s.endpointDeps,
    );
    const message = webhookEvent(s.clock, 'order.approved', { orderId: 'o-1', orderNumber: 'LL-000001' });
    expect(await fanOutWebhook(s.deliveryDeps, message)).toBe(1);
    expect(await fanOutWebhook(s.deliveryDeps, message)).toBe(0);
    expect([...s.webhooks.deliveries.values()].map((d) => d.endpointId)).toEqual([endpoint.endpointId]);
  });

  it('the body is {id, type, createdAt, data}, signed with the current secret, and a 2xx is acknowledged', async () => {
    const s = setup([{ status: 204 }]);
    const { endpoint } = await endpointFor(s);
    const message = webhookEvent(s.clock, 'order.approved', { orderId: 'o-1' });
    await fanOutWebhook(s.deliveryDeps, message);
    expect(await deliverDueWebhooks(s.deliveryDeps)).toMatchObject({ delivered: 1 });
    const [post] = s.poster.posts;
    expect(JSON.parse(post!.body)).toEqual({
      id: message.messageId,
      type: 'order.approved',
      createdAt: message.createdAt,
      data: { orderId: 'o-1' },
    });
    expect(post).toMatchObject({ url: endpoint.url, eventId: message.messageId, secrets: ['whsec_1'] });
    const [delivery] = (
      await listWebhookDeliveries(superAdmin, { endpointId: endpoint.endpointId, limit: 25 }, s.deliveryDeps)
    ).items;
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 204 });
  });

  it('an unacknowledged try is retried after 1 min, then 2, doubling; a success ends the retries', async () => {
    const s = setup([{ status: 500 }, { error: 'No answer in time' }, { status: 200 }]);
    await endpointFor(s);
    await fanOutWebhook(s.deliveryDeps, webhookEvent(s.clock, 'order.approved', {}));
    expect(await deliverDueWebhooks(s.deliveryDeps)).toMatchObject({ retry: 1 });
    const [first] = s.webhooks.deliveries.values();
    expect(Date.parse(first!.dueAt!) - s.at().getTime()).toBeGreaterThanOrEqual(60_000);
    expect(first).toMatchObject({ state: 'pending', lastStatus: 500, lastError: 'HTTP 500' });
    s.advance(30_000);
    expect(await deliverDueWebhooks(s.deliveryDeps)).toMatchObject({ retry: 0, delivered: 0 });
    s.advance(40_000);
    expect(await deliverDueWebhooks(s.deliveryDeps)).toMatchObject({ retry: 1 });
    const [second] = s.webhooks.deliveries.values();
    expect(Date.parse(second!.dueAt!) - s.at().getTime()).toBeGreaterThanOrEqual(120_000);
    s.advance(140_000);
    expect(await deliverDueWebhooks(s.deliveryDeps)).toMatchObject({ delivered: 1 });
    expect(s.poster.posts.map((p) => p.eventId).every((id) => id === s.poster.posts[0]!.eventId)).toBe(true);
  });

  it('after the last try the delivery is failed, logged on the alarm line, and no longer swept', async () => {
    const s = setup(Array.from({ length: 5 }, () => ({ status: 503 })));
    s.deliveryDeps.policy = { ...noJitter, attempts: 3 };
    await endpointFor(s);
    await fanOutWebhook(s.deliveryDeps, webhookEvent(s.clock, 'order.approved', {}));
    for (let i = 0; i < 3; i++) {
      await deliverDueWebhooks(s.deliveryDeps);
      s.advance(10 * 60_000);
    }
    const [delivery] = s.webhooks.deliveries.values();
    expect(delivery).toMatchObject({ state: 'failed', attempts: 3 });
    expect(s.logs).toContainEqual({ level: 'error', msg: 'webhook delivery failed after its last try' });
    expect(await deliverDueWebhooks(s.deliveryDeps)).toMatchObject({ delivered: 0, retry: 0, failed: 0 });
  });

  it('a delivery leased by one consumer is not posted by another at the same time', async () => {
    const s = setup();
    const { endpoint } = await endpointFor(s);
    await fanOutWebhook(s.deliveryDeps, webhookEvent(s.clock, 'order.approved', {}));
    const [d] = s.webhooks.deliveries.values();
    await s.webhooks.claim(endpoint.endpointId, d!.deliveryId, {
      leaseId: 'other',
      now: s.at().toISOString(),
      until: new Date(s.at().getTime() + 60_000).toISOString(),
    });
    expect((await attemptDelivery(s.deliveryDeps, endpoint.endpointId, d!.deliveryId)).result).toBe('skipped');
    expect(s.poster.posts).toHaveLength(0);
  });
});

describe('outgoing webhooks: redelivery and secret rotation', () => {
  it('a failed delivery redelivered by the super admin is posted again with the same event id', async () => {
    const s = setup([{ status: 500 }, { status: 200 }]);
    s.deliveryDeps.policy = { ...noJitter, attempts: 1 };
    const { endpoint } = await endpointFor(s);
    await fanOutWebhook(s.deliveryDeps, webhookEvent(s.clock, 'order.approved', {}));
    await deliverDueWebhooks(s.deliveryDeps);
    const [failed] = s.webhooks.deliveries.values();
    expect(failed!.state).toBe('failed');
    const { delivery } = await redeliverWebhook(
      superAdmin,
      { endpointId: endpoint.endpointId, deliveryId: failed!.deliveryId },
      s.deliveryDeps,
    );
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200 });
    expect(s.poster.posts[1]!.eventId).toBe(s.poster.posts[0]!.eventId);
    expect(s.poster.posts[1]!.body).toBe(s.poster.posts[0]!.body);
  });

  it('a redelivery that fails leaves a failed delivery failed (nothing retries it by itself)', async () => {
    const s = setup([{ status: 500 }, { status: 502 }]);
    s.deliveryDeps.policy = { ...noJitter, attempts: 1 };
    const { endpoint } = await endpointFor(s);
    await fanOutWebhook(s.deliveryDeps, webhookEvent(s.clock, 'order.approved', {}));
    await deliverDueWebhooks(s.deliveryDeps);
    const [failed] = s.webhooks.deliveries.values();
    const { delivery } = await redeliverWebhook(
      superAdmin,
      { endpointId: endpoint.endpointId, deliveryId: failed!.deliveryId },
      s.deliveryDeps,
    );
    expect(delivery).toMatchObject({ state: 'failed', lastStatus: 502 });
    expect(s.logs.filter((l) => l.level === 'error')).toHaveLength(1);
  });

  it('an unknown delivery is not found', async () => {
    const s = setup();
    const { endpoint } = await endpointFor(s);
    await expect(
      redeliverWebhook(superAdmin, { endpointId: endpoint.endpointId, deliveryId: 'x#y' }, s.deliveryDeps),
    ).rejects.toMatchObject({ httpCode: 404 });
  });

  it('after a rotation both secrets sign for 24 hours, then only the new one', async () => {
    const s = setup();
    const { endpoint } = await endpointFor(s);
    const rotated = await rotateWebhookSecret(
      superAdmin,
      { endpointId: endpoint.endpointId, version: endpoint.version },
      s.endpointDeps,
    );
    expect(rotated.secret).toBe('whsec_2');
    expect(rotated.endpoint.previousSecretUntil).toBe(new Date(s.at().getTime() + 24 * 3_600_000).toISOString());
    await fanOutWebhook(s.deliveryDeps, webhookEvent(s.clock, 'order.approved', {}));
    await deliverDueWebhooks(s.deliveryDeps);
    expect(s.poster.posts[0]!.secrets).toEqual(['whsec_2', 'whsec_1']);
    s.advance(24 * 3_600_000 + 1);
    await fanOutWebhook(s.deliveryDeps, webhookEvent(s.clock, 'order.approved', {}));
    await deliverDueWebhooks(s.deliveryDeps);
    expect(s.poster.posts[1]!.secrets).toEqual(['whsec_2']);
    const [listed] = (await listWebhookEndpoints(superAdmin, s.endpointDeps)).items;
    expect(listed!.previousSecretUntil).toBeUndefined();
  });
});
