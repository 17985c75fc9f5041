/**
 * Outgoing webhooks as on-call hears of them: the line the delivery sweep logs at error level when it parks a
 * delivery as failed after its last try (lambdas/use-cases/webhook-endpoints/deliver-webhooks.ts), and the
 * metric the stage's log filter counts from it for an alarm (infra/constructs/monitoring.ts). One home, so
 * rewording the line cannot silence the alarm.
 */
export const WEBHOOK_FAILED_METRIC = {
  logLine: 'webhook delivery failed after its last try',
  namespace: 'Lenslab/Webhooks',
  name: (stage: string) => `WebhookDeliveriesFailed-${stage}`,
} as const;
