/**
 * The CloudWatch metric of the credit the portal grants, shared by the Lambda that publishes it (an Embedded
 * Metric Format line, lambdas/adapters/emf-credit-metrics.ts) and the alarm on its daily sum
 * (infra/constructs/monitoring.ts; docs/decisions/0093-an-alarm-on-the-credit-granted-each-day.md).
 */
export const CREDIT_GRANTED_METRIC = {
  namespace: 'Lenslab/Money',
  /** Cents of account credit granted by one committed money change (goodwill, overpayments, claims). */
  name: 'CreditGrantedCents',
  /** One series per stage: staging and prod may share an account. */
  dimension: 'Stage',
} as const;
