import { webhookEndpointRoutes } from '../../../core/routes/webhook-endpoints';
import { dynamoWebhookStore } from '../../adapters/dynamo-webhook-store';
import { callerOf, createHandler } from '../../http/create-handler';
import { listWebhookDeliveries } from '../../use-cases/webhook-endpoints/deliver-webhooks';

const webhooks = dynamoWebhookStore();

export const handler = createHandler(webhookEndpointRoutes.listWebhookDeliveries, (input, ctx) =>
  listWebhookDeliveries(callerOf(ctx), input, { webhooks }),
);
