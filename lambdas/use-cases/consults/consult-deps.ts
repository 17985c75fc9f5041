import type { Consult } from '../../../core/schemas/consult';
import type { Logger } from '../../http/logger';
import type { AuditTrail } from '../../ports/audit-log';
import type { ConsultEmail, ConsultNotifier } from '../../ports/consult-notifier';
import type { ConsultantSettingsStore, ConsultStore } from '../../ports/consult-store';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { LensCatalogue } from '../../ports/lens-catalogue';
import type { OrdersRepository } from '../../ports/orders-repository';
import type { RateLimiter } from '../../ports/rate-limiter';
import type { UsersRepository } from '../../ports/users-repository';

/**
 * Everything the consult use cases read and write. Each use case names the parts it needs with `Pick`, so a
 * handler passes exactly what its route's resources allow.
 */
export interface ConsultDeps {
  consults: ConsultStore;
  settings: ConsultantSettingsStore;
  lenses: Pick<LensCatalogue, 'get'>;
  orders: Pick<OrdersRepository, 'get'>;
  users: Pick<UsersRepository, 'get'>;
  customers: Pick<CustomersRepository, 'get'>;
  notifier: ConsultNotifier;
  limiter: RateLimiter;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Injected in tests; the wall clock otherwise. */
  now?: () => Date;
  /** The request's audit trail (`ctx.audit`): the lab's answers, links and settings changes are recorded. */
  audit?: AuditTrail;
}

/** The one message for a consult someone else changed since the caller read it. */
export const CONSULT_CHANGED = 'This consult changed since you opened it. Reload to see the latest.';
/** A create that kept losing the reference-number race to other requests. */
export const CONSULTS_BUSY = 'The lab is busy receiving other requests. Please send again.';

export const nowOf = (deps: Pick<ConsultDeps, 'now'>) => (deps.now ?? (() => new Date()))();

/** Sends a consult email after the change is stored; a failure is logged and never undoes the change. */
export async function notifySafely(deps: Pick<ConsultDeps, 'notifier' | 'log'>, email: ConsultEmail): Promise<void> {
  try {
    await deps.notifier.notify(email);
  } catch (error) {
    deps.log.error('consult email failed', {
      kind: email.kind,
      consultId: email.consult.consultId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** A new consult as both senders store it: waiting for the lab, no answer, no orders. */
export function newConsultFields(
  at: string,
): Pick<Consult, 'status' | 'orderIds' | 'createdAt' | 'statusAt' | 'updatedAt' | 'version'> {
  return { status: 'new', orderIds: [], createdAt: at, statusAt: at, updatedAt: at, version: 0 };
}
