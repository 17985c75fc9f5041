import type { WebhookEventType } from '../../core/rules/webhook-terms';
import type { Clock } from './clock';
import { outboxMessage, type OutboxMessage } from './outbox';

/**
 * An event for the lab's systems (docs/decisions/0105-outgoing-webhooks.md), as the outbox message (topic
 * 'webhook') a change's write stores with it. Its message id is the event's id: the consumer fans it out to the
 * endpoints subscribed to `type`, one delivery per endpoint, and every try and redelivery carries that id, so a
 * receiver that saw it already can ignore it. `data` holds ids, numbers, statuses, tracking and amounts: never a
 * patient's name.
 */
export interface WebhookEventNotice {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

export function webhookEvent(
  deps: Pick<Clock, 'now'>,
  type: WebhookEventType,
  data: Record<string, unknown>,
): OutboxMessage {
  return outboxMessage(deps, 'webhook', { type, data } satisfies WebhookEventNotice);
}
