import { describe, expect, it } from 'vitest';
import { CREDIT_GRANTED_METRIC } from '../../../../core/money-metrics';
import { emfCreditMetrics } from '../../../../lambdas/adapters/emf-credit-metrics';

/** The credit metric the day's-credit alarm reads (docs/decisions/0093-an-alarm-on-the-credit-granted-each-day.md). */
describe('credit granted as a CloudWatch Embedded Metric Format line', () => {
  it('one line per grant: the namespace, the stage dimension and the cents, as CloudWatch Logs reads EMF', () => {
    const lines: string[] = [];
    const metrics = emfCreditMetrics({
      write: (line) => lines.push(line),
      stage: 'prod',
      now: () => 1_700_000_000_000,
    });
    metrics.creditGranted(250_000);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        _aws: {
          Timestamp: 1_700_000_000_000,
          CloudWatchMetrics: [
            {
              Namespace: CREDIT_GRANTED_METRIC.namespace,
              Dimensions: [[CREDIT_GRANTED_METRIC.dimension]],
              Metrics: [{ Name: CREDIT_GRANTED_METRIC.name, Unit: 'None' }],
            },
          ],
        },
        Stage: 'prod',
        CreditGrantedCents: 250_000,
      },
    ]);
  });

  it('a change that granted nothing writes nothing', () => {
    const lines: string[] = [];
    emfCreditMetrics({ write: (line) => lines.push(line) }).creditGranted(0);
    expect(lines).toEqual([]);
  });
});
