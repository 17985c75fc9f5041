import { aborted } from '../../../core/errors';
import { moneyRefusals } from '../../ports/money-store';
import { backoffMs, MAX_MONEY_ATTEMPTS, sleepOf } from './money-deps';

/**
 * Runs a read-decide-commit step until its transaction goes through: a refusal means something it read
 * changed (or another transaction was in flight), so it reads and decides again. `step` answers the
 * result; it may throw an AppError to stop (the new state no longer allows the change).
 */
export async function retryMoneyWrite<T>(
  deps: { sleep?: (ms: number) => Promise<void> },
  step: (attempt: number) => Promise<T>,
  busyMessage = 'The change could not be saved just now. Please try again.',
): Promise<T> {
  for (let attempt = 0; attempt < MAX_MONEY_ATTEMPTS; attempt++) {
    try {
      return await step(attempt);
    } catch (error) {
      if (!moneyRefusals.is(error)) throw error;
      await sleepOf(deps)(backoffMs(attempt));
    }
  }
  throw aborted(busyMessage);
}
