import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';

/** CloudFront publishes its metrics in us-east-1 only, and an alarm can only watch metrics of its own region. */
export const EDGE_REGION = 'us-east-1';

/**
 * A CloudFront metric of one distribution, as CloudFront publishes it: in us-east-1, with the `Region: Global`
 * dimension beside the distribution id (CDK's Distribution.metric* name neither, and find no data).
 */
export function cloudFrontMetric(
  distributionId: string,
  metricName: string,
  options: { statistic: string; label?: string },
): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: 'AWS/CloudFront',
    metricName,
    dimensionsMap: { DistributionId: distributionId, Region: 'Global' },
    region: EDGE_REGION,
    period: Duration.minutes(5),
    ...options,
  });
}
