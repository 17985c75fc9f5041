import type { Logger } from '../../http/logger';
import type { PaymentDeps } from '../../use-cases/money/money-deps';
import { moneyDeps } from '../invoices/money-deps';
import { paymentGatewayFromEnv } from '../../adapters/payment-gateway-from-env';

/** The payment handlers' adapters: the money ones plus the card gateway the stage config chose. */
export async function paymentDeps(log: Logger): Promise<PaymentDeps> {
  return { ...moneyDeps(log), gateway: await paymentGatewayFromEnv() };
}
