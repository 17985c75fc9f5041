import type { Clock } from '../../../kernel/clock';
import type { BillingProfileStore } from '../../../ports/billing-profile-store';
import type { Logger } from '../../../ports/logger';
import type { MoneyStore } from '../../../ports/money-store';
import type { CardVault } from '../../../ports/payment-gateway';
import type { UsersRepository } from '../../../ports/users-repository';
import type { PaymentDeps } from '../payment-deps';

/** What the Cards & autopay routes read and write: the account's profile and the month's charge. */
export interface CardDeps extends Clock {
  profiles: BillingProfileStore;
  users: Pick<UsersRepository, 'get'>;
  money: Pick<MoneyStore, 'getPayment'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** The routes that reach the gateway (save or remove a card) add the card vault. */
export interface VaultDeps extends CardDeps {
  vault: CardVault;
}

/** The autopay job: Pay Online's settlement (tables, credit, gateway) and the profiles and vault. */
export interface AutopayDeps extends PaymentDeps {
  profiles: Pick<BillingProfileStore, 'get' | 'listAutopay'>;
  vault: CardVault;
}
