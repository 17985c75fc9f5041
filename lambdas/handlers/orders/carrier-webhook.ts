import { orderRoutes } from '../../../core/routes/orders';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { parcelTrackingFromEnv } from '../../adapters/parcel-tracking-from-env';
import { createWebhookHandler } from '../../http/create-webhook-handler';
import { systemClock } from '../../kernel/clock';
import type { CarrierEvent } from '../../ports/parcel-tracking';
import { applyCarrierEvent } from '../../use-cases/orders/apply-parcel-event';

// Made when the handler loads, so a function without the orders table fails at cold start.
const deps = { ...systemClock, orders: dynamoOrdersRepository() };

/**
 * The parcel-tracking service's signed events (EasyPost's `tracker.updated`; the fake carrier's locally): a
 * verified parcel event moves its parcel, once per event id and never back in time. An event about no parcel the
 * portal shipped is answered 200 and ignored, since the service resends anything else; a bad signature is a 400.
 * The tracking service is made on the first call, so the secret is read then, not at import.
 */
export const handler = createWebhookHandler<CarrierEvent>(
  orderRoutes.carrierWebhook,
  async (event, log) => {
    const applied = await applyCarrierEvent(event, deps);
    log.info('carrier event', { eventId: event.eventId, ...applied });
  },
  { verify: (rawBody, headers) => parcelTrackingFromEnv().verifyEvent(rawBody, headers) },
);
