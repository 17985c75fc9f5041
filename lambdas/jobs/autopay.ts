import type { ScheduledEvent } from 'aws-lambda';
import { dynamoBillingProfileStore } from '../adapters/dynamo-billing-profile-store';
import { dynamoCreditSettings } from '../adapters/dynamo-credit-settings';
import { dynamoMoneyStore } from '../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../adapters/dynamo-users-repository';
import { cardVaultFromEnv, paymentGatewayFromEnv } from '../adapters/payment-gateway-from-env';
import { createLogger } from '../http/logger';
import { systemClock } from '../kernel/clock';
import { runAutopay, type AutopayDeps, type AutopayRunReport } from '../use-cases/payments/autopay';

/** The adapters the autopay run uses: the job's and the command's (scripts/autopay.ts). */
export function autopayDeps(log = createLogger({ job: 'autopay' })): AutopayDeps {
  return {
    ...systemClock,
    profiles: dynamoBillingProfileStore(),
    money: dynamoMoneyStore(),
    users: dynamoUsersRepository(),
    creditSettings: dynamoCreditSettings(),
    gateway: paymentGatewayFromEnv(),
    vault: cardVaultFromEnv(),
    log,
  };
}

/**
 * The autopay job (core/jobs.ts): every morning, each account whose day has come is charged once for the month, and
 * soft declines are tried again on their day. An account that fails is logged and left for the next run; a charge
 * already made is never made again (the month's payment id).
 */
export async function handler(_event?: ScheduledEvent): Promise<AutopayRunReport> {
  return runAutopay({}, autopayDeps());
}
