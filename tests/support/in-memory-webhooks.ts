import { keyCursorSchema } from '../../lambdas/adapters/dynamo-query-page';
import { encodeCursor, decodeCursor } from '../../lambdas/paging/page-cursor';
import {
  webhookRefusals,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookStore,
} from '../../lambdas/ports/webhook-store';
import type { WebhookPost, WebhookPoster, WebhookPostResult } from '../../lambdas/ports/webhook-poster';

const copy = <T>(value: T): T => structuredClone(value);

/** The webhooks table in memory, keeping the adapter's conditions (versions, one delivery per event, leases). */
export function inMemoryWebhookStore(): WebhookStore & {
  endpoints: Map<string, WebhookEndpoint>;
  deliveries: Map<string, WebhookDelivery>;
} {
  const endpoints = new Map<string, WebhookEndpoint>();
  const deliveries = new Map<string, WebhookDelivery>();
  const key = (endpointId: string, deliveryId: string) => `${endpointId}|${deliveryId}`;
  return {
    endpoints,
    deliveries,
    async listEndpoints() {
      return [...endpoints.values()].map(copy).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    async getEndpoint(id) {
      const e = endpoints.get(id);
      return e ? copy(e) : null;
    },
    async putEndpoint(endpoint, expectedVersion) {
      const existing = endpoints.get(endpoint.endpointId);
      if (expectedVersion === null && existing) throw webhookRefusals.refuse('exists');
      if (expectedVersion !== null && existing?.version !== expectedVersion) throw webhookRefusals.refuse('changed');
      endpoints.set(endpoint.endpointId, copy(endpoint));
    },
    async deleteEndpoint(id, expectedVersion) {
      if (endpoints.get(id)?.version !== expectedVersion) throw webhookRefusals.refuse('changed');
      endpoints.delete(id);
    },
    async addDelivery(delivery) {
      const k = key(delivery.endpointId, delivery.deliveryId);
      if (deliveries.has(k)) return false;
      deliveries.set(k, copy({ ...delivery, dueAt: delivery.dueAt ?? delivery.eventCreatedAt }));
      return true;
    },
    async getDelivery(endpointId, deliveryId) {
      const d = deliveries.get(key(endpointId, deliveryId));
      return d ? copy(d) : null;
    },
    async listDeliveries(endpointId, limit, cursor) {
      const all = [...deliveries.values()]
        .filter((d) => d.endpointId === endpointId)
        .sort((a, b) => b.deliveryId.localeCompare(a.deliveryId));
      const after = cursor ? String(decodeCursor(cursor, keyCursorSchema).sk) : undefined;
      const rest = after === undefined ? all : all.filter((d) => d.deliveryId < after);
      const items = rest.slice(0, limit);
      const more = rest.length > limit;
      return { items: items.map(copy), nextCursor: more ? encodeCursor({ sk: items.at(-1)!.deliveryId }) : null };
    },
    async due(now, limit) {
      return [...deliveries.values()]
        .filter((d) => d.state === 'pending' && (d.dueAt ?? '') <= now)
        .sort((a, b) => (a.dueAt ?? '').localeCompare(b.dueAt ?? ''))
        .slice(0, limit)
        .map(copy);
    },
    async claim(endpointId, deliveryId, lease) {
      const d = deliveries.get(key(endpointId, deliveryId));
      if (!d) return null;
      if (!lease.manual && d.state !== 'pending') return null;
      if (d.leaseUntil && d.leaseUntil >= lease.now) return null;
      d.leaseId = lease.leaseId;
      d.leaseUntil = lease.until;
      return copy(d);
    },
    async settle(endpointId, deliveryId, leaseId, outcome) {
      const d = deliveries.get(key(endpointId, deliveryId));
      if (!d || d.leaseId !== leaseId) throw webhookRefusals.refuse('lease');
      const next: WebhookDelivery = {
        ...d,
        state: outcome.state,
        attempts: d.attempts + 1,
        lastAttemptAt: outcome.at,
        lastStatus: outcome.status,
        lastError: outcome.error,
        dueAt: outcome.state === 'pending' ? outcome.dueAt : undefined,
        ...(outcome.state === 'delivered' ? { deliveredAt: outcome.at } : {}),
        leaseId: undefined,
        leaseUntil: undefined,
      };
      deliveries.set(key(endpointId, deliveryId), next);
      return copy(next);
    },
  };
}

/** A receiver that answers what each try is told to, and keeps every post it got. */
export function scriptedPoster(answers: WebhookPostResult[] = []): WebhookPoster & { posts: WebhookPost[] } {
  const posts: WebhookPost[] = [];
  return {
    posts,
    async post(post) {
      posts.push(copy(post));
      return answers.shift() ?? { status: 200 };
    },
  };
}
