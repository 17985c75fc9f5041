import type { WebhookEventType } from '../../core/rules/webhook-terms';
import type { WebhookStore } from '../../lambdas/ports/webhook-store';
import { webhookBody } from '../../lambdas/use-cases/webhook-endpoints/deliver-webhooks';

/**
 * A demo webhook endpoint for the Webhooks page (docs/decisions/0105-outgoing-webhooks.md): the lab's ERP, with
 * two deliveries it acknowledged and one it never did, so the log shows both and "Redeliver" has something to
 * do. It is seeded paused: nothing listens at its address, and new events of the demo would fill the console
 * with retries. A second seed finds it and adds nothing.
 */
export const DEMO_WEBHOOK_ENDPOINT_ID = 'demo-lab-erp';

const DEMO_SECRET = 'whsec_demo_not_secret_local_only';

export async function seedDemoWebhooks(deps: { webhooks: WebhookStore; now: () => Date }): Promise<void> {
  if (await deps.webhooks.getEndpoint(DEMO_WEBHOOK_ENDPOINT_ID)) return;
  const now = deps.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  await deps.webhooks.putEndpoint(
    {
      endpointId: DEMO_WEBHOOK_ENDPOINT_ID,
      url: 'http://127.0.0.1:9/lab-erp/webhooks',
      description: 'Lab ERP (demo)',
      events: ['order.submitted', 'order.approved', 'order.shipped', 'invoice.issued'],
      enabled: false,
      secrets: [{ secret: DEMO_SECRET, createdAt: at(96) }],
      createdAt: at(96),
      updatedAt: at(96),
      version: 0,
    },
    null,
  );
  const deliveries: { id: string; type: WebhookEventType; hoursAgo: number; answers: (number | undefined)[] }[] = [
    { id: 'demo-evt-1', type: 'order.submitted', hoursAgo: 80, answers: [200] },
    { id: 'demo-evt-2', type: 'order.approved', hoursAgo: 78, answers: [503, 200] },
    { id: 'demo-evt-3', type: 'order.shipped', hoursAgo: 75, answers: [500, 500, 500, undefined] },
  ];
  for (const d of deliveries) {
    const createdAt = at(d.hoursAgo);
    const deliveryId = `${createdAt}#${d.id}`;
    await deps.webhooks.addDelivery({
      endpointId: DEMO_WEBHOOK_ENDPOINT_ID,
      deliveryId,
      eventId: d.id,
      eventType: d.type,
      eventCreatedAt: createdAt,
      body: webhookBody(
        { messageId: d.id, createdAt },
        { type: d.type, data: { orderNumber: 'LL-000001', accountNumber: 'BV-1001', status: 'demo' } },
      ),
      state: 'pending',
      attempts: 0,
      // Not due: the sweep leaves it to the tries recorded below.
      dueAt: '9999-01-01T00:00:00.000Z',
    });
    // The tries as the sweep would have recorded them, through the store's own lease.
    for (const [i, status] of d.answers.entries()) {
      const tried = at(d.hoursAgo - i);
      const lease = { leaseId: `seed-${d.id}-${i}`, now: tried, until: tried, manual: true };
      await deps.webhooks.claim(DEMO_WEBHOOK_ENDPOINT_ID, deliveryId, lease);
      const last = i === d.answers.length - 1;
      const keepUntil = new Date(now + 30 * 86_400_000).toISOString();
      const answer = status === undefined ? { error: 'No answer in time' } : { status };
      const ok = status !== undefined && status < 300;
      await deps.webhooks.settle(
        DEMO_WEBHOOK_ENDPOINT_ID,
        deliveryId,
        lease.leaseId,
        ok
          ? { at: tried, ...answer, state: 'delivered', keepUntil }
          : last
            ? { at: tried, ...answer, ...(status ? { error: `HTTP ${status}` } : {}), state: 'failed', keepUntil }
            : {
                at: tried,
                ...answer,
                ...(status ? { error: `HTTP ${status}` } : {}),
                state: 'pending',
                dueAt: '9999-01-01T00:00:00.000Z',
              },
      );
    }
  }
}
