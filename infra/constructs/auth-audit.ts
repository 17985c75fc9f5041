import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudtrail from 'aws-cdk-lib/aws-cloudtrail';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { tableEnvVar } from '../../core/data/tables';
import { AUDIT_RETENTION_YEARS, AUDITED_COGNITO_CALLS } from '../../core/schemas/audit';
import { grantAuditAppend } from '../grant-route-resources';
import { FUNCTION_NAG_SUPPRESSIONS, LOG_GROUP_NAG_SUPPRESSIONS } from '../nag-suppressions';
import { keepLogicalId } from '../keep-logical-id';
import { removalPolicyOf } from '../removal-policy';
import { eventEntry } from '../repo-paths';
import type { StageConfig } from '../stage-config';
import type { Functions } from './functions';

export interface AuthAuditProps {
  config: StageConfig;
  functions: Functions;
  userPool: cognito.UserPool;
  /** The web app's client: the user's own sign-in calls name it, not the pool. */
  userPoolClient: cognito.IUserPoolClient;
  auditLog: dynamodb.ITable;
  /** Where the trail bucket's own S3 access logs go (the stack's access-log bucket). */
  accessLogsBucket: s3.IBucket;
}

/** CloudTrail files are kept as long as the audit log's entries (HIPAA: six years). */
const TRAIL_RETENTION_DAYS = AUDIT_RETENTION_YEARS * 366;

/**
 * Sign-in events in the audit trail (docs/decisions/0026-audit-trail-sign-in-events.md), both
 * from lambdas/events/auth-audit.ts, each holding PutItem on the audit table and nothing else there:
 * - the user pool's post authentication trigger records every completed sign-in;
 * - an EventBridge rule on CloudTrail's "AWS API Call via CloudTrail" events of the pool's API records failed
 *   sign-ins (Cognito has no trigger for a failure, and a pre authentication trigger runs before the result),
 *   authenticator set-up and removal, password changes and sign-outs. EventBridge gets these events only
 *   while a CloudTrail trail logs the account's management events, so the stack declares one (unless the
 *   stage says the account has one): this region's management events, KMS-encrypted, validated, kept six years.
 * Two functions, one module: the trigger's environment cannot name the pool (the pool names the trigger).
 */
export class AuthAudit extends Construct {
  readonly trigger: lambda.Function;
  readonly consumer: lambda.Function;
  readonly rule: events.Rule;
  /** Absent when the stage says a trail of the account's already logs this region (`monitoring.cloudTrail`). */
  readonly trail: cloudtrail.Trail | undefined;

  constructor(scope: Construct, id: string, props: AuthAuditProps) {
    super(scope, id);
    const { config } = props;
    const auditEnv = { [tableEnvVar('auditLog')]: props.auditLog.tableName, LOG_LEVEL: config.logLevel };

    this.trigger = props.functions.portalFunction(this, 'SignInTrigger', {
      description: 'Cognito post authentication: records each sign-in in the audit log',
      entry: () => eventEntry('auth-audit'),
      // Cognito waits at most 5 s for a trigger; the write itself gives up after 2 s.
      timeout: Duration.seconds(5),
      environment: auditEnv,
    });
    grantAuditAppend(this.trigger, props.auditLog);
    props.userPool.addTrigger(cognito.UserPoolOperation.POST_AUTHENTICATION, this.trigger);

    this.consumer = props.functions.portalFunction(this, 'SignInEventsFunction', {
      description:
        "CloudTrail's user-pool calls: records failed sign-ins, authenticator and password changes, sign-outs",
      entry: () => eventEntry('auth-audit'),
      timeout: Duration.seconds(30),
      environment: {
        ...auditEnv,
        USER_POOL_ID: props.userPool.userPoolId,
        USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      },
    });
    grantAuditAppend(this.consumer, props.auditLog);
    // Who a call was about: the email and groups, so the Audit page's user filter finds the entry.
    this.consumer.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
        resources: [props.userPool.userPoolArn],
      }),
    );
    this.rule = new events.Rule(this, 'Rule', {
      description: `Sign-in events of user pool ${Stack.of(this).stackName} for the audit log`,
      eventPattern: {
        source: ['aws.cognito-idp'],
        detailType: ['AWS API Call via CloudTrail'],
        detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: [...AUDITED_COGNITO_CALLS] },
      },
      // An entry is keyed by CloudTrail's event id, so a retried event is written once.
      targets: [new targets.LambdaFunction(this.consumer, { retryAttempts: 2 })],
    });
    // A rule in the plain ENABLED state is not matched against read-only management events delivered through
    // CloudTrail (EventBridge: "Receiving read-only management events from AWS services"). Whether CloudTrail
    // marks the sign-in calls read-only is not documented; this state receives them either way, and the pattern
    // above still admits only the calls the mapping records.
    (this.rule.node.defaultChild as events.CfnRule).state = 'ENABLED_WITH_ALL_CLOUDTRAIL_MANAGEMENT_EVENTS';

    this.trail = (config.monitoring.cloudTrail ?? 'stack') === 'stack' ? this.declareTrail(props) : undefined;

    const lostEvent =
      'A sign-in event that cannot be written is logged with the whole entry (AUDIT WRITE FAILED) and the errors alarm reports it; Lambda retries a failed event twice, so a queue would hold events nobody replays.';
    for (const fn of [this.trigger, this.consumer]) {
      NagSuppressions.addResourceSuppressions(
        fn,
        [
          ...FUNCTION_NAG_SUPPRESSIONS.filter((s) => s.id !== 'HIPAA.Security-LambdaDLQ'),
          { id: 'HIPAA.Security-LambdaDLQ', reason: lostEvent },
        ],
        true,
      );
    }
    NagSuppressions.addResourceSuppressions(this, LOG_GROUP_NAG_SUPPRESSIONS, true);
  }

  /**
   * The trail EventBridge needs for "AWS API Call via CloudTrail" events: management events of this region
   * (the user pool is regional), read and write, so sign-in failures (reads) are seen too. Its files are
   * encrypted with a key of their own, validated (a digest per hour proves none was edited or removed) and kept
   * six years; CloudWatch Logs gets a copy to search, kept as long as the stage's other logs.
   */
  private declareTrail(props: AuthAuditProps): cloudtrail.Trail {
    const { config } = props;
    const key = new kms.Key(this, 'TrailKey', {
      description: `CloudTrail files of ${Stack.of(this).stackName}`,
      enableKeyRotation: true,
      removalPolicy: removalPolicyOf(config),
    });
    // The key and the bucket hold the trail's files: a replacement would lose them (or their readability).
    keepLogicalId(key, 'TrailKey');
    const bucket = new s3.Bucket(this, 'TrailBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: key,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      versioned: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'cloudtrail/',
      lifecycleRules: [
        {
          id: 'expire-trail-files',
          expiration: Duration.days(TRAIL_RETENTION_DAYS),
          noncurrentVersionExpiration: Duration.days(30),
        },
      ],
      removalPolicy: removalPolicyOf(config),
    });
    keepLogicalId(bucket, 'TrailBucket');
    const logGroup = new logs.LogGroup(this, 'TrailLogs', {
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: removalPolicyOf(config),
    });
    NagSuppressions.addResourceSuppressions(logGroup, LOG_GROUP_NAG_SUPPRESSIONS);
    NagSuppressions.addResourceSuppressions(bucket, [
      {
        id: 'HIPAA.Security-S3BucketReplicationEnabled',
        reason:
          'CloudTrail files are evidence, not data the portal restores; versioning and log file validation keep them, and a second-region copy would double their cost.',
      },
    ]);
    const trail = new cloudtrail.Trail(this, 'Trail', {
      bucket,
      encryptionKey: key,
      isMultiRegionTrail: false,
      includeGlobalServiceEvents: false,
      managementEvents: cloudtrail.ReadWriteType.ALL,
      enableFileValidation: true,
      sendToCloudWatchLogs: true,
      cloudWatchLogGroup: logGroup,
    });
    NagSuppressions.addResourceSuppressions(
      trail,
      [
        {
          id: 'HIPAA.Security-IAMNoInlinePolicy',
          reason:
            "The role serves only this trail's delivery to its log group, and its inline policy names exactly that log group.",
        },
      ],
      true,
    );
    return trail;
  }
}
