import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { tableEnvVar } from '../../core/data/tables';
import { FUNCTION_NAG_SUPPRESSIONS, LOG_GROUP_NAG_SUPPRESSIONS } from '../nag-suppressions';
import { eventEntry } from '../repo-paths';
import type { StageConfig } from '../stage-config';
import type { Functions } from './functions';

/** The EventBridge detail types of SES's bounce and complaint events. */
export const SES_FEEDBACK_DETAIL_TYPES = ['Email Bounced', 'Email Complaint Received'] as const;

export interface EmailFeedbackProps {
  config: StageConfig;
  /** Builds the consumer like every portal function (bundling, log group, runtime). */
  functions: Functions;
  configurationSetName: string;
  /** Where the addresses are recorded (core/data/tables.ts `emailSuppressions`). */
  suppressions: dynamodb.ITable;
}

/**
 * SES's bounce and complaint events of the stage's configuration set (infra/constructs/email.ts), delivered by
 * an EventBridge rule to a function that records the addresses (lambdas/events/email-feedback.ts). The rule
 * matches the configuration set's name, so stages sharing an account and its default bus never mix.
 */
export class EmailFeedback extends Construct {
  readonly consumer: lambda.Function;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: EmailFeedbackProps) {
    super(scope, id);
    const { config } = props;
    this.consumer = props.functions.portalFunction(this, 'EmailFeedbackFunction', {
      description: 'SES bounces and complaints: records the addresses the portal stops mailing',
      entry: () => eventEntry('email-feedback'),
      timeout: Duration.seconds(30),
      environment: {
        // Only what it uses: it sends no email and serves no route.
        [tableEnvVar('emailSuppressions')]: props.suppressions.tableName,
        LOG_LEVEL: config.logLevel,
      },
    });
    props.suppressions.grantWriteData(this.consumer);
    this.rule = new events.Rule(this, 'Rule', {
      description: `SES bounces and complaints of configuration set ${props.configurationSetName}`,
      eventPattern: {
        source: ['aws.ses'],
        detailType: [...SES_FEEDBACK_DETAIL_TYPES],
        detail: { mail: { tags: { 'ses:configuration-set': [props.configurationSetName] } } },
      },
      // Recording an address twice changes nothing, so retries are safe.
      targets: [new targets.LambdaFunction(this.consumer, { retryAttempts: 2 })],
    });

    const lostEvent =
      "SES's own suppression list stops mail to an address that bounced or complained whether or not this event is recorded; Lambda retries a failed event twice and the errors alarm reports a failure, so a queue would hold events nobody replays.";
    NagSuppressions.addResourceSuppressions(
      this.consumer,
      [
        ...FUNCTION_NAG_SUPPRESSIONS.filter((s) => s.id !== 'HIPAA.Security-LambdaDLQ'),
        { id: 'HIPAA.Security-LambdaDLQ', reason: lostEvent },
      ],
      true,
    );
    NagSuppressions.addResourceSuppressions(this, LOG_GROUP_NAG_SUPPRESSIONS, true);
  }
}
