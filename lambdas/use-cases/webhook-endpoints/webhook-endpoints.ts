import { randomBytes, randomUUID } from 'node:crypto';
import { aborted, invalidArgument, notFound, permissionDenied } from '../../../core/errors';
import { WEBHOOK_SECRET_OVERLAP_MS } from '../../../core/rules/webhook-events';
import { webhookUrlProblem, type WebhookUrlRules } from '../../../core/rules/webhook-urls';
import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookEndpointVersionInput,
  WebhookEndpointView,
} from '../../../core/schemas/webhook-endpoints';
import type { Identity } from '../../auth/verify-token';
import type { Clock } from '../../kernel/clock';
import type { AuditTrail } from '../../ports/audit-log';
import {
  webhookRefusals,
  type WebhookEndpoint,
  type WebhookSecret,
  type WebhookStore,
} from '../../ports/webhook-store';

export const WEBHOOK_ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
const CHANGED = 'This endpoint was changed by someone else. Reload and try again.';

export interface WebhookEndpointDeps extends Pick<Clock, 'now'> {
  webhooks: WebhookStore;
  urlRules: WebhookUrlRules;
  audit?: AuditTrail | undefined;
  newId?: () => string;
  newSecret?: () => string;
}

/** A signing secret: 32 random bytes, prefixed so a leaked one is recognisable in a scan. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const superAdminOnly = (caller: Identity) => {
  // The route allows only super admins; this holds if a route ever reuses the use case.
  if (!caller.groups.includes('superadmin')) throw permissionDenied();
};

/** The secrets that sign at `now`: the current one, and one rotated out within its overlap. */
export const signingSecrets = (endpoint: Pick<WebhookEndpoint, 'secrets'>, now: Date): string[] =>
  endpoint.secrets.filter((s) => !s.expiresAt || Date.parse(s.expiresAt) > now.getTime()).map((s) => s.secret);

/** The endpoint as the page sees it: no secret, only when the current one was made and how long an old one signs. */
export function endpointView(endpoint: WebhookEndpoint, now: Date): WebhookEndpointView {
  const [current, ...older] = endpoint.secrets;
  const previous = older.find((s) => s.expiresAt && Date.parse(s.expiresAt) > now.getTime());
  return {
    endpointId: endpoint.endpointId,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    secretCreatedAt: current?.createdAt ?? endpoint.createdAt,
    ...(previous?.expiresAt ? { previousSecretUntil: previous.expiresAt } : {}),
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
    version: endpoint.version,
  };
}

const checkUrl = (url: string, rules: WebhookUrlRules) => {
  const problem = webhookUrlProblem(url, rules);
  if (problem) throw invalidArgument(problem, { url: [problem] });
};

/** What the audit log keeps of an endpoint: never a secret. */
const audited = (e: WebhookEndpoint) => ({
  endpointId: e.endpointId,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
});

const refusedAs = (error: unknown): never => {
  if (webhookRefusals.is(error, 'missing')) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
  if (webhookRefusals.is(error, 'changed')) throw aborted(CHANGED);
  throw error;
};

export async function listWebhookEndpoints(
  caller: Identity,
  deps: Pick<WebhookEndpointDeps, 'webhooks' | 'now'>,
): Promise<{ items: WebhookEndpointView[] }> {
  superAdminOnly(caller);
  const now = deps.now();
  return { items: (await deps.webhooks.listEndpoints()).map((e) => endpointView(e, now)) };
}

/** Registers an endpoint; its secret is made here and answered this once. */
export async function createWebhookEndpoint(
  caller: Identity,
  input: CreateWebhookEndpointInput,
  deps: WebhookEndpointDeps,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  superAdminOnly(caller);
  checkUrl(input.url, deps.urlRules);
  const now = deps.now();
  const at = now.toISOString();
  const secret = (deps.newSecret ?? newWebhookSecret)();
  const endpoint: WebhookEndpoint = {
    endpointId: (deps.newId ?? randomUUID)(),
    url: input.url,
    description: input.description ?? '',
    events: input.events,
    enabled: true,
    secrets: [{ secret, createdAt: at }],
    createdAt: at,
    updatedAt: at,
    version: 0,
  };
  await deps.webhooks.putEndpoint(endpoint, null);
  await deps.audit?.recordChange({
    action: 'webhook.create',
    target: { type: 'webhook-endpoint', id: endpoint.endpointId },
    after: audited(endpoint),
  });
  return { endpoint: endpointView(endpoint, now), secret };
}

async function current(deps: Pick<WebhookEndpointDeps, 'webhooks'>, endpointId: string, version: number) {
  const endpoint = await deps.webhooks.getEndpoint(endpointId);
  if (!endpoint) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
  if (endpoint.version !== version) throw aborted(CHANGED);
  return endpoint;
}

/** Edits the URL, events, description, or pauses it (`enabled`: a paused endpoint gets no new deliveries). */
export async function updateWebhookEndpoint(
  caller: Identity,
  input: UpdateWebhookEndpointInput,
  deps: WebhookEndpointDeps,
): Promise<WebhookEndpointView> {
  superAdminOnly(caller);
  checkUrl(input.url, deps.urlRules);
  const before = await current(deps, input.endpointId, input.version);
  const now = deps.now();
  const after: WebhookEndpoint = {
    ...before,
    url: input.url,
    description: input.description ?? '',
    events: input.events,
    enabled: input.enabled,
    updatedAt: now.toISOString(),
    version: before.version + 1,
  };
  await deps.webhooks.putEndpoint(after, before.version).catch(refusedAs);
  await deps.audit?.recordChange({
    action: 'webhook.update',
    target: { type: 'webhook-endpoint', id: after.endpointId },
    before: audited(before),
    after: audited(after),
    keep: ['endpointId'],
  });
  return endpointView(after, now);
}

/**
 * A new secret, answered this once; the one it replaces keeps signing alongside it for 24 hours
 * (WEBHOOK_SECRET_OVERLAP_MS), so the receiver can switch without losing an event. A secret rotated out before
 * is dropped at once: two rotations in a day mean the older one is not to be trusted.
 */
export async function rotateWebhookSecret(
  caller: Identity,
  input: WebhookEndpointVersionInput,
  deps: WebhookEndpointDeps,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  superAdminOnly(caller);
  const before = await current(deps, input.endpointId, input.version);
  const now = deps.now();
  const at = now.toISOString();
  const secret = (deps.newSecret ?? newWebhookSecret)();
  const [replaced] = before.secrets;
  const secrets: WebhookSecret[] = [
    { secret, createdAt: at },
    ...(replaced
      ? [{ ...replaced, expiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS).toISOString() }]
      : []),
  ];
  const after: WebhookEndpoint = { ...before, secrets, updatedAt: at, version: before.version + 1 };
  await deps.webhooks.putEndpoint(after, before.version).catch(refusedAs);
  await deps.audit?.recordChange({
    action: 'webhook.rotate-secret',
    target: { type: 'webhook-endpoint', id: after.endpointId },
    after: { endpointId: after.endpointId, secretCreatedAt: at },
  });
  return { endpoint: endpointView(after, now), secret };
}

/** Removes an endpoint: no new deliveries; those pending stop at their next try (their endpoint is gone). */
export async function deleteWebhookEndpoint(
  caller: Identity,
  input: WebhookEndpointVersionInput,
  deps: WebhookEndpointDeps,
): Promise<{ deleted: boolean }> {
  superAdminOnly(caller);
  const before = await current(deps, input.endpointId, input.version);
  await deps.webhooks.deleteEndpoint(before.endpointId, before.version).catch(refusedAs);
  await deps.audit?.recordChange({
    action: 'webhook.delete',
    target: { type: 'webhook-endpoint', id: before.endpointId },
    before: audited(before),
  });
  return { deleted: true };
}
