import { systemClock } from '../../kernel/clock';
import type { Logger } from '../../ports/logger';
import type { PaymentDeps } from '../../use-cases/payments/payment-deps';
import { dynamoCreditSettings } from '../../adapters/dynamo-credit-settings';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { paymentGatewayFromEnv } from '../../adapters/payment-gateway-from-env';

// Every payment route settles with the same tables (SETTLEMENT_TABLES in core/routes/payments.ts), so they share
// these adapters, made when the handler loads.
const adapters = {
  ...systemClock,
  money: dynamoMoneyStore(),
  users: dynamoUsersRepository(),
  creditSettings: dynamoCreditSettings(),
};

/** The payment handlers' adapters plus the card gateway the stage config chose (made on first use). */
export async function paymentDeps(log: Logger): Promise<PaymentDeps> {
  return { ...adapters, log, gateway: await paymentGatewayFromEnv() };
}
