import { CREDIT_GRANTED_METRIC } from '../../core/money-metrics';

/** Publishes the credit granted by a committed money change. */
export interface CreditMetrics {
  creditGranted(cents: number): void;
}

/**
 * CREDIT_GRANTED_METRIC as an Embedded Metric Format line on stdout: in Lambda, CloudWatch Logs turns it into
 * the metric with no API call and no extra permission. Outside Lambda (the local stack runs handlers in
 * process) there is no one to read it, so nothing is written unless `write` is given.
 */
export function emfCreditMetrics(
  options: { write?: (line: string) => void; stage?: string; now?: () => number } = {},
): CreditMetrics {
  const write =
    options.write ??
    (process.env.AWS_LAMBDA_FUNCTION_NAME ? (line: string) => void process.stdout.write(line + '\n') : null);
  const { namespace, name, dimension } = CREDIT_GRANTED_METRIC;
  return {
    creditGranted(cents) {
      if (!write || cents <= 0) return;
      write(
        JSON.stringify({
          _aws: {
            Timestamp: (options.now ?? Date.now)(),
            CloudWatchMetrics: [
              { Namespace: namespace, Dimensions: [[dimension]], Metrics: [{ Name: name, Unit: 'None' }] },
            ],
          },
          [dimension]: options.stage ?? process.env.STAGE ?? 'unknown',
          [name]: cents,
        }),
      );
    },
  };
}
