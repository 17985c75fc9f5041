import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  webhookRefusals,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookStore,
} from '../../../lambdas/ports/webhook-store';

/**
 * The webhooks table's rules, which the in-memory fake (tests/support/in-memory-webhooks.ts) and the DynamoDB
 * adapter both keep: run from tests/unit/lambdas/contracts/ports.test.ts and tests/integration/port-contracts.test.ts.
 * The table is shared with the local stack's sweep, so every delivery here is due in 2099 and the tests assert
 * only on their own ids.
 */
export function webhookStoreContract(label: string, make: () => WebhookStore) {
  describe(`${label}: the webhook store contract`, () => {
    const base = Date.UTC(2099, 0, 1) + Math.floor(Math.random() * 1e9);
    const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();
    const endpoint = (): WebhookEndpoint => ({
      endpointId: `contract-${randomUUID()}`,
      url: 'https://lab.example.com/hooks',
      description: 'contract',
      events: ['order.approved'],
      enabled: false,
      secrets: [{ secret: 'whsec_contract', createdAt: at(0) }],
      createdAt: at(0),
      updatedAt: at(0),
      version: 0,
    });
    const delivery = (endpointId: string, offsetMs = 0): WebhookDelivery => {
      const eventId = randomUUID();
      return {
        endpointId,
        deliveryId: `${at(offsetMs)}#${eventId}`,
        eventId,
        eventType: 'order.approved',
        eventCreatedAt: at(offsetMs),
        body: '{"id":"x"}',
        state: 'pending',
        attempts: 0,
        dueAt: at(offsetMs),
      };
    };
    const lease = (now: number, until: number, manual = false) => ({
      leaseId: randomUUID(),
      now: at(now),
      until: at(until),
      manual,
    });

    it('an endpoint is created once and replaced only on the version read; a delete too', async () => {
      const store = make();
      const e = endpoint();
      await store.putEndpoint(e, null);
      await expect(store.putEndpoint(e, null)).rejects.toSatisfy((x) => webhookRefusals.is(x, 'exists'));
      await store.putEndpoint({ ...e, description: 'edited', version: 1 }, 0);
      await expect(store.putEndpoint({ ...e, version: 2 }, 0)).rejects.toSatisfy((x) =>
        webhookRefusals.is(x, 'changed'),
      );
      expect(await store.getEndpoint(e.endpointId)).toMatchObject({
        description: 'edited',
        version: 1,
        secrets: e.secrets,
      });
      expect((await store.listEndpoints()).map((x) => x.endpointId)).toContain(e.endpointId);
      await expect(store.deleteEndpoint(e.endpointId, 0)).rejects.toSatisfy((x) => webhookRefusals.is(x, 'changed'));
      await store.deleteEndpoint(e.endpointId, 1);
      expect(await store.getEndpoint(e.endpointId)).toBeNull();
    });

    it('one delivery per endpoint and event: a second add of it is refused quietly', async () => {
      const store = make();
      const d = delivery(`contract-${randomUUID()}`);
      expect(await store.addDelivery(d)).toBe(true);
      expect(await store.addDelivery({ ...d, body: 'other' })).toBe(false);
      expect(await store.getDelivery(d.endpointId, d.deliveryId)).toMatchObject({ body: d.body, state: 'pending' });
    });

    it("an endpoint's log lists its deliveries newest first, page by page", async () => {
      const store = make();
      const endpointId = `contract-${randomUUID()}`;
      const made = [delivery(endpointId, 1), delivery(endpointId, 2), delivery(endpointId, 3)];
      for (const d of made) await store.addDelivery(d);
      const first = await store.listDeliveries(endpointId, 2);
      expect(first.items.map((d) => d.deliveryId)).toEqual([made[2]!.deliveryId, made[1]!.deliveryId]);
      const second = await store.listDeliveries(endpointId, 2, first.nextCursor!);
      expect(second.items.map((d) => d.deliveryId)).toEqual([made[0]!.deliveryId]);
      expect(second.nextCursor).toBeNull();
    });

    it('a pending delivery is due from its time, claimed by one consumer at a time, and settled only on its lease', async () => {
      const store = make();
      const d = delivery(`contract-${randomUUID()}`, 10);
      await store.addDelivery(d);
      expect((await store.due(at(5), 1000)).map((x) => x.deliveryId)).not.toContain(d.deliveryId);
      expect((await store.due(at(20), 1000)).map((x) => x.deliveryId)).toContain(d.deliveryId);
      const mine = lease(20, 60_000);
      expect(await store.claim(d.endpointId, d.deliveryId, mine)).toMatchObject({ leaseId: mine.leaseId });
      expect(await store.claim(d.endpointId, d.deliveryId, lease(30, 60_000))).toBeNull();
      await expect(
        store.settle(d.endpointId, d.deliveryId, 'not-mine', { at: at(40), state: 'delivered', keepUntil: at(1e9) }),
      ).rejects.toSatisfy((x) => webhookRefusals.is(x, 'lease'));
      const retried = await store.settle(d.endpointId, d.deliveryId, mine.leaseId, {
        at: at(40),
        status: 500,
        error: 'HTTP 500',
        state: 'pending',
        dueAt: at(100_000),
      });
      expect(retried).toMatchObject({
        state: 'pending',
        attempts: 1,
        lastStatus: 500,
        lastError: 'HTTP 500',
        dueAt: at(100_000),
      });
      expect((await store.due(at(50_000), 1000)).map((x) => x.deliveryId)).not.toContain(d.deliveryId);
      const again = lease(100_000, 160_000);
      await store.claim(d.endpointId, d.deliveryId, again);
      const done = await store.settle(d.endpointId, d.deliveryId, again.leaseId, {
        at: at(100_001),
        status: 204,
        state: 'delivered',
        keepUntil: at(1e9),
      });
      expect(done).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 204, deliveredAt: at(100_001) });
      expect(done.lastError).toBeUndefined();
      expect((await store.due(at(1e8), 1000)).map((x) => x.deliveryId)).not.toContain(d.deliveryId);
    });

    it('a delivery that is not pending is claimed only for a manual redelivery', async () => {
      const store = make();
      const d = delivery(`contract-${randomUUID()}`);
      await store.addDelivery(d);
      const first = lease(0, 1_000);
      await store.claim(d.endpointId, d.deliveryId, first);
      await store.settle(d.endpointId, d.deliveryId, first.leaseId, {
        at: at(1),
        error: 'No answer',
        state: 'failed',
        keepUntil: at(1e9),
      });
      expect(await store.claim(d.endpointId, d.deliveryId, lease(2_000, 3_000))).toBeNull();
      expect(await store.claim(d.endpointId, d.deliveryId, lease(2_000, 3_000, true))).toMatchObject({
        state: 'failed',
      });
      expect(await store.claim(d.endpointId, 'nothing#here', lease(2_000, 3_000, true))).toBeNull();
    });
  });
}
