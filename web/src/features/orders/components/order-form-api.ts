import type { RouteInput, RouteOutput } from '../../../lib/api-client';
import type { Order } from '../../../../../core/schemas/orders';

/** What the order form asks of the server; the route passes the real calls, tests pass fakes. */
export interface OrderFormApi {
  saveDraft: (input: RouteInput<'saveOrderDraft'>) => Promise<RouteOutput<'saveOrderDraft'>>;
  /** The order, or null when it does not exist (yet). */
  loadOrder: (orderId: string) => Promise<Order | null>;
  discardDraft: (orderId: string) => Promise<unknown>;
  submit: (input: RouteInput<'submitOrder'>) => Promise<Order>;
}
