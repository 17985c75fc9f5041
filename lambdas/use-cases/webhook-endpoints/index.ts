/** What other domains use of outgoing webhooks: the outbox consumer fans each webhook event out to its endpoints. */
export { fanOutWebhook } from './deliver-webhooks';
