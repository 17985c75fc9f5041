import { webhookEndpointRoutes } from '../../../core/routes/webhook-endpoints';
import { dynamoWebhookStore } from '../../adapters/dynamo-webhook-store';
import { webhookUrlRules } from '../../adapters/webhook-deps';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { createWebhookEndpoint } from '../../use-cases/webhook-endpoints/webhook-endpoints';

const webhooks = dynamoWebhookStore();
const urlRules = webhookUrlRules();

export const handler = createHandler(webhookEndpointRoutes.createWebhookEndpoint, (input, ctx) =>
  createWebhookEndpoint(callerOf(ctx), input, { webhooks, urlRules, now: systemClock.now, audit: ctx.audit }),
);
