import { randomUUID } from 'node:crypto';
import { aborted, notFound, permissionDenied } from '../../../core/errors';
import { WEBHOOK_RETRY_POLICY, type WebhookRetryPolicy } from '../../../core/rules/webhook-events';
import type {
  RedeliverWebhookInput,
  ListWebhookDeliveriesInput,
  WebhookDeliveryView,
} from '../../../core/schemas/webhook-endpoints';
import { WEBHOOK_FAILED_METRIC } from '../../../core/webhook-metrics';
import type { Identity } from '../../auth/verify-token';
import type { Clock } from '../../kernel/clock';
import { retryDelayMs, type OutboxMessage } from '../../kernel/outbox';
import type { WebhookEventNotice } from '../../kernel/webhook-event';
import type { AuditTrail } from '../../ports/audit-log';
import type { Logger } from '../../ports/logger';
import type { WebhookPoster } from '../../ports/webhook-poster';
import {
  webhookRefusals,
  type WebhookAttemptOutcome,
  type WebhookDelivery,
  type WebhookStore,
} from '../../ports/webhook-store';
import { signingSecrets, WEBHOOK_ENDPOINT_NOT_FOUND } from './webhook-endpoints';

export interface DeliverWebhooksDeps extends Pick<Clock, 'now'> {
  webhooks: WebhookStore;
  poster: WebhookPoster;
  log: Pick<Logger, 'warn' | 'error'>;
  policy?: WebhookRetryPolicy | undefined;
  newLeaseId?: () => string;
}

export const WEBHOOK_DELIVERY_NOT_FOUND = 'Webhook delivery not found';

/** The JSON body every receiver gets: the event's id, type, time and data, the same on every try. */
export function webhookBody(message: Pick<OutboxMessage, 'messageId' | 'createdAt'>, event: WebhookEventNotice) {
  return JSON.stringify({ id: message.messageId, type: event.type, createdAt: message.createdAt, data: event.data });
}

/**
 * The outbox consumer's part (topic 'webhook'): one delivery per enabled endpoint subscribed to the event, each
 * a conditional put keyed on the endpoint and the event, so a message delivered twice (a consumer killed after
 * the fan-out, before it settled) makes no second delivery. Answers how many it added.
 */
export async function fanOutWebhook(
  deps: Pick<DeliverWebhooksDeps, 'webhooks' | 'now'>,
  message: Pick<OutboxMessage, 'messageId' | 'createdAt' | 'notice'>,
): Promise<number> {
  const event = message.notice as unknown as WebhookEventNotice;
  const body = webhookBody(message, event);
  const endpoints = (await deps.webhooks.listEndpoints()).filter((e) => e.enabled && e.events.includes(event.type));
  const now = deps.now().toISOString();
  let added = 0;
  for (const endpoint of endpoints) {
    const fresh = await deps.webhooks.addDelivery({
      endpointId: endpoint.endpointId,
      deliveryId: `${message.createdAt}#${message.messageId}`,
      eventId: message.messageId,
      eventType: event.type,
      eventCreatedAt: message.createdAt,
      body,
      state: 'pending',
      attempts: 0,
      dueAt: now,
    });
    if (fresh) added++;
  }
  return added;
}

export type WebhookTryResult = 'delivered' | 'retry' | 'failed' | 'skipped';

/**
 * One try of one delivery: claim it (nobody else is posting it), post the stored body signed with the
 * endpoint's secrets of the moment, settle. A 2xx is acknowledged; anything else is tried again after the
 * backoff (1 min doubling to 6 h), and after the policy's last try (about three days) the delivery is failed,
 * logged on the line the alarm counts. A manual redelivery is one more try of any delivery; when it fails, a
 * delivery that was not waiting for a retry is failed (nothing retries it by itself).
 */
export async function attemptDelivery(
  deps: DeliverWebhooksDeps,
  endpointId: string,
  deliveryId: string,
  manual = false,
): Promise<{ result: WebhookTryResult; delivery: WebhookDelivery | null }> {
  const policy = deps.policy ?? WEBHOOK_RETRY_POLICY;
  const now = deps.now();
  const leaseId = (deps.newLeaseId ?? randomUUID)();
  const claimed = await deps.webhooks.claim(endpointId, deliveryId, {
    leaseId,
    now: now.toISOString(),
    until: new Date(now.getTime() + policy.leaseMs).toISOString(),
    manual,
  });
  if (!claimed) return { result: 'skipped', delivery: null };
  const endpoint = await deps.webhooks.getEndpoint(endpointId);
  const answer = endpoint
    ? await deps.poster.post({
        url: endpoint.url,
        body: claimed.body,
        eventId: claimed.eventId,
        eventType: claimed.eventType,
        secrets: signingSecrets(endpoint, now),
        timestamp: Math.floor(now.getTime() / 1000),
      })
    : { error: 'The endpoint was deleted' };
  const at = deps.now();
  const keepUntil = new Date(at.getTime() + policy.keepDays * 86_400_000).toISOString();
  const status = 'status' in answer ? answer.status : undefined;
  const acknowledged = status !== undefined && status >= 200 && status < 300;
  const error = acknowledged ? undefined : 'error' in answer ? answer.error.slice(0, 300) : `HTTP ${status}`;
  const attempts = claimed.attempts + 1;
  let outcome: WebhookAttemptOutcome;
  let result: WebhookTryResult;
  const tried = { at: at.toISOString(), ...(status !== undefined ? { status } : {}), ...(error ? { error } : {}) };
  if (acknowledged) {
    outcome = { ...tried, state: 'delivered', keepUntil };
    result = 'delivered';
  } else if (!endpoint || attempts >= policy.attempts || (manual && claimed.state !== 'pending')) {
    outcome = { ...tried, state: 'failed', keepUntil };
    result = 'failed';
    if (!manual)
      deps.log.error(WEBHOOK_FAILED_METRIC.logLine, {
        endpointId,
        deliveryId,
        eventType: claimed.eventType,
        attempts,
        error,
      });
  } else {
    const dueAt = new Date(at.getTime() + retryDelayMs(attempts, policy)).toISOString();
    outcome = { ...tried, state: 'pending', dueAt };
    result = 'retry';
    deps.log.warn('webhook not acknowledged, will retry', { endpointId, deliveryId, attempts, dueAt, error });
  }
  try {
    return { result, delivery: await deps.webhooks.settle(endpointId, deliveryId, leaseId, outcome) };
  } catch (failure) {
    if (webhookRefusals.is(failure, 'lease')) return { result: 'skipped', delivery: null };
    throw failure;
  }
}

export interface WebhookSweepReport {
  delivered: number;
  retry: number;
  failed: number;
  skipped: number;
}

/** The sweep (job deliverWebhooks): every pending delivery that is due, four at a time. */
export async function deliverDueWebhooks(deps: DeliverWebhooksDeps, limit = 50): Promise<WebhookSweepReport> {
  const report: WebhookSweepReport = { delivered: 0, retry: 0, failed: 0, skipped: 0 };
  const queue = await deps.webhooks.due(deps.now().toISOString(), limit);
  const worker = async () => {
    for (let d = queue.shift(); d !== undefined; d = queue.shift()) {
      report[(await attemptDelivery(deps, d.endpointId, d.deliveryId)).result]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return report;
}

export function deliveryView(d: WebhookDelivery): WebhookDeliveryView {
  return {
    deliveryId: d.deliveryId,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    eventCreatedAt: d.eventCreatedAt,
    state: d.state,
    attempts: d.attempts,
    ...(d.state === 'pending' && d.dueAt ? { dueAt: d.dueAt } : {}),
    ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt } : {}),
    ...(d.lastStatus !== undefined ? { lastStatus: d.lastStatus } : {}),
    ...(d.lastError ? { lastError: d.lastError } : {}),
    ...(d.deliveredAt ? { deliveredAt: d.deliveredAt } : {}),
  };
}

const superAdminOnly = (caller: Identity) => {
  if (!caller.groups.includes('superadmin')) throw permissionDenied();
};

/** An endpoint's delivery log, newest event first. */
export async function listWebhookDeliveries(
  caller: Identity,
  input: ListWebhookDeliveriesInput,
  deps: Pick<DeliverWebhooksDeps, 'webhooks'>,
): Promise<{ items: WebhookDeliveryView[]; nextCursor: string | null }> {
  superAdminOnly(caller);
  if (!(await deps.webhooks.getEndpoint(input.endpointId))) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
  const page = await deps.webhooks.listDeliveries(input.endpointId, input.limit, input.cursor);
  return { items: page.items.map(deliveryView), nextCursor: page.nextCursor };
}

/**
 * "Redeliver": one more try now, of any delivery (delivered, failed or waiting), with the same event id so the
 * receiver can tell it has it already. Answers the delivery as it stands after the try.
 */
export async function redeliverWebhook(
  caller: Identity,
  input: RedeliverWebhookInput,
  deps: DeliverWebhooksDeps & { audit?: AuditTrail | undefined },
): Promise<{ delivery: WebhookDeliveryView }> {
  superAdminOnly(caller);
  const existing = await deps.webhooks.getDelivery(input.endpointId, input.deliveryId);
  if (!existing) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
  const { delivery } = await attemptDelivery(deps, input.endpointId, input.deliveryId, true);
  if (!delivery) throw aborted('This delivery is being sent right now. Wait a moment and look again.');
  await deps.audit?.recordChange({
    action: 'webhook.redeliver',
    target: { type: 'webhook-endpoint', id: input.endpointId },
    after: { deliveryId: input.deliveryId, eventId: delivery.eventId, state: delivery.state },
  });
  return { delivery: deliveryView(delivery) };
}
