import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

export interface StageAlarmsProps {
  config: StageConfig;
}

export interface StageAlarmProps extends Omit<cloudwatch.AlarmProps, 'alarmName' | 'treatMissingData'> {
  /** The alarm's name after the stage prefix: `api-5xx-rate` becomes `lenslab-prod-api-5xx-rate`. */
  slug: string;
}

/** The physical name of a stage's alarm: what the email's subject and the console list show. */
export const alarmName = (config: StageConfig, slug: string) => `lenslab-${config.stage}-${slug}`;

/**
 * A stage's alarm topic, its email subscribers (stage config `monitoring.alarmEmails`) and the alarms that
 * notify it. Every alarm tells the topic when it fires and when it clears, so on-call also hears "resolved".
 */
export class StageAlarms extends Construct {
  readonly topic: sns.Topic;
  /** Every alarm made through `add`, in order (the dashboard lists them). */
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly config: StageConfig;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, { config }: StageAlarmsProps) {
    super(scope, id);
    this.config = config;
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `Lenslab Portal ${config.stage} alarms`,
      enforceSSL: true,
    });
    for (const email of config.monitoring.alarmEmails) {
      this.topic.addSubscription(new subscriptions.EmailSubscription(email));
    }
    const noPersonalData =
      'Alarm notifications carry an alarm name, its state and metric values, never personal data; CloudWatch can publish to an encrypted topic only through a customer-managed KMS key whose policy admits it, which would guard nothing secret.';
    NagSuppressions.addResourceSuppressions(this.topic, [
      { id: 'AwsSolutions-SNS2', reason: noPersonalData },
      { id: 'HIPAA.Security-SNSEncryptedKMS', reason: noPersonalData },
    ]);
    this.action = new SnsAction(this.topic);
  }

  /**
   * An alarm notifying the topic, created in `scope` (a nested stack keeps a function group's alarms beside its
   * functions). No data is fine: a quiet night has no requests, and a missing metric is no failure.
   */
  add(scope: Construct, id: string, { slug, ...props }: StageAlarmProps): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(scope, id, {
      ...props,
      alarmName: alarmName(this.config, slug),
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }
}
