import { webhookEndpointRoutes } from '../../../core/routes/webhook-endpoints';
import { dynamoWebhookStore } from '../../adapters/dynamo-webhook-store';
import { httpWebhookPoster, isLocalStage } from '../../adapters/http-webhook-poster';
import { webhookRetryPolicy } from '../../adapters/webhook-deps';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { redeliverWebhook } from '../../use-cases/webhook-endpoints/deliver-webhooks';

const webhooks = dynamoWebhookStore();
const poster = httpWebhookPoster({ local: isLocalStage() });
const policy = webhookRetryPolicy();

export const handler = createHandler(webhookEndpointRoutes.redeliverWebhook, (input, ctx) =>
  redeliverWebhook(callerOf(ctx), input, {
    webhooks,
    poster,
    policy,
    log: ctx.log,
    now: systemClock.now,
    audit: ctx.audit,
  }),
);
