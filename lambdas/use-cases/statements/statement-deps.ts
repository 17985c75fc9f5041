import type { Clock } from '../../kernel/clock';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { Logger } from '../../ports/logger';
import type { MoneyStore } from '../../ports/money-store';
import type { ProductionSettingsStore } from '../../ports/production-settings';
import type { StatementStore } from '../../ports/statement-store';

/** What issuing statements reads and writes. */
export interface StatementDeps extends Clock {
  statements: StatementStore;
  money: Pick<MoneyStore, 'listAccountInvoices'>;
  customers: Pick<CustomersRepository, 'get' | 'list'>;
  /** The lab's calendar: its zone names the month's days, its holidays the first business day. */
  production: Pick<ProductionSettingsStore, 'get'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}
