import { describeError } from '../../../core/describe-error';
import type { Logger } from '../../ports/logger';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { MoneyNotifier } from '../../ports/money-notifier';
import type { MoneyStore } from '../../ports/money-store';
import type { PaymentGateway } from '../../ports/payment-gateway';
import type { UsersRepository } from '../../ports/users-repository';

/** What the invoice and payment use cases read and write; each takes the parts it needs. */
export interface MoneyDeps {
  money: MoneyStore;
  users: Pick<UsersRepository, 'get'>;
  customers: Pick<CustomersRepository, 'get'>;
  notifier: MoneyNotifier;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Injected in tests (due dates, overdue); the wall clock otherwise. */
  now?: () => Date;
  /** Waits between retries of a refused transaction; tests make it instant. */
  sleep?: (ms: number) => Promise<void>;
  /** The request's audit trail (`ctx.audit`): the lab's invoice changes are recorded. */
  audit?: AuditTrail;
}

export interface PaymentDeps extends MoneyDeps {
  gateway: PaymentGateway;
}

export const nowOf = (deps: { now?: (() => Date) | undefined }) => (deps.now ?? (() => new Date()))();
export const sleepOf = (deps: { sleep?: ((ms: number) => Promise<void>) | undefined }) =>
  deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** How often a money change re-reads and tries again after a refused transaction. */
export const MAX_MONEY_ATTEMPTS = 8;

export function backoffMs(attempt: number): number {
  return 10 * 2 ** Math.min(attempt, 5) + Math.floor(Math.random() * 30);
}

/** Sends an email; a failure is logged and never undoes the money change it reports. */
export async function notifySafely(
  deps: { notifier: MoneyNotifier; log: Pick<MoneyDeps['log'], 'error'> },
  email: Parameters<MoneyNotifier['notify']>[0],
): Promise<void> {
  try {
    await deps.notifier.notify(email);
  } catch (error) {
    deps.log.error('money email failed', {
      kind: email.kind,
      error: describeError(error),
    });
  }
}
