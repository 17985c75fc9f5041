import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from './stage-config';

/** The Secrets Manager secret holding the stage's Stripe keys, as the functions read and are granted it. */
export interface PaymentSecretTarget {
  /**
   * The secret's ARN without Secrets Manager's random suffix (the secret is the operator's, created outside
   * the stack, so its full ARN is not known here): PAYMENT_SECRET_ARN, and with `-??????` the IAM resource.
   */
  arn: string;
}

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
  const arn = Stack.of(scope).formatArn({
    service: 'secretsmanager',
    resource: 'secret',
    resourceName: stripe.secretName,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
  return {
    environment: { PAYMENT_GATEWAY: 'stripe', STRIPE_PUBLISHABLE_KEY: stripe.publishableKey, PAYMENT_SECRET_ARN: arn },
    secret: { arn },
  };
}
