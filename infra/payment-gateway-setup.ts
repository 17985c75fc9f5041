import type { Construct } from 'constructs';
import { operatorSecret, type OperatorSecretTarget } from './operator-secret';
import type { StageConfig } from './stage-config';

/** The Secrets Manager secret holding the stage's Stripe keys, as the functions read and are granted it. */
export type PaymentSecretTarget = OperatorSecretTarget;

export interface PaymentGatewaySetup {
  /** Only for functions whose route names `paymentGateway` (lambdas/adapters/payment-gateway-from-env.ts). */
  environment: Record<string, string>;
  /** Undefined for the fake gateway, which has no secret (and exists only in the local stack). */
  secret: PaymentSecretTarget | undefined;
}

/**
 * What a stage's card gateway gives the functions that use it (infra/stage-config.ts `payments`): which
 * gateway, Stripe's publishable key, and the secret with the secret key and webhook secret. The keys
 * themselves never enter the template: the function reads the secret at its first payment.
 */
export function paymentGatewaySetup(scope: Construct, config: StageConfig): PaymentGatewaySetup {
  const { gateway, stripe } = config.payments;
  if (gateway !== 'stripe' || !stripe) return { environment: { PAYMENT_GATEWAY: gateway }, secret: undefined };
  const secret = operatorSecret(scope, stripe.secretName);
  return {
    environment: {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      PAYMENT_SECRET_ARN: secret.arn,
    },
    secret,
  };
}
