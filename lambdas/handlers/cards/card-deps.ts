import { dynamoBillingProfileStore } from '../../adapters/dynamo-billing-profile-store';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { cardVaultFromEnv } from '../../adapters/payment-gateway-from-env';
import { systemClock } from '../../kernel/clock';
import type { Logger } from '../../ports/logger';
import type { CardDeps, VaultDeps } from '../../use-cases/payments/autopay/autopay-deps';

const adapters = {
  ...systemClock,
  profiles: dynamoBillingProfileStore(),
  money: dynamoMoneyStore(),
  users: dynamoUsersRepository(),
};

/** The Cards & autopay handlers' adapters. */
export const cardDeps = (log: Logger): CardDeps => ({ ...adapters, log });

/** With the card vault, for the routes that reach the gateway (their route entry grants it). */
export const vaultDeps = (log: Logger): VaultDeps => ({ ...adapters, log, vault: cardVaultFromEnv() });
