import { defineRoutes } from '../define-routes';
import { SUPER_ADMIN } from './access-groups';
import { emptyInputSchema } from '../schemas/common';
import {
  createWebhookEndpointInputSchema,
  deleteWebhookEndpointOutputSchema,
  listWebhookDeliveriesInputSchema,
  listWebhookDeliveriesOutputSchema,
  listWebhookEndpointsOutputSchema,
  redeliverWebhookInputSchema,
  redeliverWebhookOutputSchema,
  updateWebhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointVersionInputSchema,
  webhookSecretOutputSchema,
} from '../schemas/webhook-endpoints';

/**
 * The lab's outgoing webhooks (docs/decisions/0105-outgoing-webhooks.md): super admins register the endpoints,
 * read each one's delivery log and send a delivery again. Only the webhooks table: the events themselves are
 * written by the changes that cause them (outbox) and posted by the deliverWebhooks job.
 */
export const webhookEndpointRoutes = defineRoutes('webhook-endpoints', {
  listWebhookEndpoints: {
    input: emptyInputSchema,
    output: listWebhookEndpointsOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { webhooks: 'read' } },
  },
  createWebhookEndpoint: {
    input: createWebhookEndpointInputSchema,
    output: webhookSecretOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { webhooks: 'readWrite' } },
  },
  updateWebhookEndpoint: {
    input: updateWebhookEndpointInputSchema,
    output: webhookEndpointSchema,
    access: SUPER_ADMIN,
    resources: { tables: { webhooks: 'readWrite' } },
  },
  rotateWebhookSecret: {
    input: webhookEndpointVersionInputSchema,
    output: webhookSecretOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { webhooks: 'readWrite' } },
  },
  deleteWebhookEndpoint: {
    input: webhookEndpointVersionInputSchema,
    output: deleteWebhookEndpointOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { webhooks: 'readWrite' } },
  },
  listWebhookDeliveries: {
    input: listWebhookDeliveriesInputSchema,
    output: listWebhookDeliveriesOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { webhooks: 'read' } },
  },
  // One try now, posted from this function to the endpoint (as the deliverWebhooks job posts).
  redeliverWebhook: {
    input: redeliverWebhookInputSchema,
    output: redeliverWebhookOutputSchema,
    access: SUPER_ADMIN,
    resources: { tables: { webhooks: 'readWrite' } },
  },
});
