import { webhookEndpointRoutes } from '../../../core/routes/webhook-endpoints';
import { dynamoWebhookStore } from '../../adapters/dynamo-webhook-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { listWebhookEndpoints } from '../../use-cases/webhook-endpoints/webhook-endpoints';

const webhooks = dynamoWebhookStore();

export const handler = createHandler(webhookEndpointRoutes.listWebhookEndpoints, (_input, ctx) =>
  listWebhookEndpoints(callerOf(ctx), { webhooks, now: systemClock.now }),
);
