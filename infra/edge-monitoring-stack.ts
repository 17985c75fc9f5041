import { Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { ALARM_THRESHOLDS } from './alarm-thresholds';
import { cloudFrontMetric, EDGE_REGION } from './cloudfront-metrics';
import { StageAlarms } from './constructs/stage-alarms';
import { DISTRIBUTION_ID_OUTPUT } from './portal-stack';
import { portalStackName } from './stack-names';
import type { StageConfig } from './stage-config';

export { EDGE_REGION } from './cloudfront-metrics';

export { edgeStackName } from './stack-names';

export interface EdgeMonitoringStackProps extends Omit<StackProps, 'env'> {
  config: StageConfig;
  /** Where the stage's portal stack is deployed: the distribution's id is read from its outputs there. */
  portalRegion: string;
}

/**
 * The stage's CloudFront 5xx alarm, in us-east-1 with a topic of its own (an alarm notifies topics of its own
 * region) that the same addresses subscribe to. It reads the distribution id from the portal stack's output
 * at deploy time (Fn::GetStackOutput works across regions without an export), so it deploys after the portal
 * stack; bin/app.ts says so with a stack dependency.
 */
export class EdgeMonitoringStack extends Stack {
  readonly alarms: StageAlarms;

  constructor(scope: Construct, id: string, props: EdgeMonitoringStackProps) {
    const { config } = props;
    super(scope, id, {
      ...props,
      env: { account: config.account, region: EDGE_REGION },
      description: `Lenslab Portal (${config.stage}): CloudFront alarm, in the region of CloudFront's metrics`,
      terminationProtection: config.production,
    });
    const distributionId = Fn.getStackOutput(portalStackName(config.stage), DISTRIBUTION_ID_OUTPUT, props.portalRegion);
    this.alarms = new StageAlarms(this, 'Alarms', { config });
    this.alarms.add(this, 'CloudFront5xxRateAlarm', {
      slug: 'cloudfront-5xx-rate',
      alarmDescription: `${ALARM_THRESHOLDS.cloudFront5xxPercent}% or more of the portal's requests at CloudFront ended in a 5xx for 10 minutes (the site or the API). See docs/runbook.md "The portal shows errors".`,
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${ALARM_THRESHOLDS.minimumRequests}, FILL(rate, 0), 0)`,
        usingMetrics: {
          requests: cloudFrontMetric(distributionId, 'Requests', { statistic: cloudwatch.Stats.SUM }),
          rate: cloudFrontMetric(distributionId, '5xxErrorRate', { statistic: cloudwatch.Stats.AVERAGE }),
        },
        period: Duration.minutes(5),
      }),
      threshold: ALARM_THRESHOLDS.cloudFront5xxPercent,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
    });
  }
}
