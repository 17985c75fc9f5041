import { CHANGED_MESSAGES } from '../../../core/messages';
import { aborted } from '../../../core/errors';
import type { Order } from '../../../core/schemas/orders';
import type { OutboxMessage } from '../../kernel/outbox';
import { retryOnRefusal } from '../../kernel/retry';
import { orderRefusals } from '../../ports/orders-repository';
import { ORDER_WRITE_BACKOFF, type OrderDeps } from './order-deps';

/**
 * A change the lab or the practice made to an order it read: written on that version with its notices in one
 * transaction. A busy table (contention) is tried again with the same notices, built once by the caller; a change
 * someone else made first is the reload message, so nothing is written over it.
 */
export async function saveOrderChange(
  deps: Pick<OrderDeps, 'orders' | 'sleep'>,
  before: Order,
  after: Order,
  notices: OutboxMessage[],
): Promise<void> {
  const saving = {
    ...ORDER_WRITE_BACKOFF,
    attempts: 6,
    retries: (error: unknown) => orderRefusals.is(error) && error.reason === 'contention',
    exhausted: () => aborted('The order could not be saved just now. Please try again.'),
  };
  await retryOnRefusal(deps, saving, async () => {
    try {
      await deps.orders.write({ order: after, expectedVersion: before.version, notices });
    } catch (error) {
      if (orderRefusals.is(error) && error.reason === 'order') throw aborted(CHANGED_MESSAGES.order);
      throw error;
    }
  });
}
