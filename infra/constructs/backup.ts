import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/** How long each kind of recovery point is kept (issue item "Data safety"). */
export const BACKUP_RETENTION = {
  daily: Duration.days(35),
  monthly: Duration.days(365),
} as const;

/**
 * The managed policies of the role AWS Backup uses: backing up and restoring DynamoDB (the first two) and S3
 * (the last two, which the first two do not cover). The same role serves a restore started from the console.
 */
export const BACKUP_ROLE_POLICIES = [
  'service-role/AWSBackupServiceRolePolicyForBackup',
  'service-role/AWSBackupServiceRolePolicyForRestores',
  'AWSBackupServiceRolePolicyForS3Backup',
  'AWSBackupServiceRolePolicyForS3Restore',
] as const;

export interface BackupProps {
  config: StageConfig;
  tables: readonly dynamodb.ITable[];
  /** Versioned (AWS Backup refuses an unversioned bucket). */
  attachmentsBucket: s3.IBucket;
}

/**
 * An AWS Backup plan for the stage's tables and attachments: a recovery point every day kept 35 days, and one
 * on the first of every month kept a year, in a vault of the stage's own. Point-in-time recovery (35 days, to
 * the second) stays the first tool for a table (scripts/restore-table.ts); the plan adds what it lacks: the
 * attachments, a year of monthly copies, and copies outside the table that a deleted table does not take along.
 */
export class Backup extends Construct {
  readonly vault: backup.BackupVault;
  readonly plan: backup.BackupPlan;

  constructor(scope: Construct, id: string, { config, tables, attachmentsBucket }: BackupProps) {
    super(scope, id);
    this.vault = new backup.BackupVault(this, 'Vault', {
      backupVaultName: `lenslab-${config.stage}`,
      // Recovery points outlive the stack: a vault is never deleted with it.
      removalPolicy: RemovalPolicy.RETAIN,
      // Governance mode: nobody deletes a recovery point younger than the daily retention, except a principal
      // explicitly allowed to lift the lock (backup:DeleteBackupVaultLockConfiguration).
      lockConfiguration: { minRetention: BACKUP_RETENTION.daily },
    });
    this.plan = new backup.BackupPlan(this, 'Plan', {
      backupPlanName: `lenslab-${config.stage}`,
      backupVault: this.vault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: 'Daily',
          // 02:00 UTC: before the 03:00 draft-file cleanup, outside the practices' working hours.
          scheduleExpression: events.Schedule.cron({ minute: '0', hour: '2' }),
          deleteAfter: BACKUP_RETENTION.daily,
        }),
        new backup.BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: events.Schedule.cron({ minute: '0', hour: '4', day: '1' }),
          deleteAfter: BACKUP_RETENTION.monthly,
        }),
      ],
    });
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('backup.amazonaws.com'),
      managedPolicies: BACKUP_ROLE_POLICIES.map((name) => iam.ManagedPolicy.fromAwsManagedPolicyName(name)),
    });
    NagSuppressions.addResourceSuppressions(role, [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          "AWS Backup's own service policies, maintained by AWS as the services it backs up change; only backup.amazonaws.com can assume this role, and the plan's selection names the resources it backs up.",
        appliesTo: BACKUP_ROLE_POLICIES.map((name) => `Policy::arn:<AWS::Partition>:iam::aws:policy/${name}`),
      },
    ]);
    this.plan.addSelection('TablesAndAttachments', {
      role,
      disableDefaultBackupPolicy: true,
      resources: [
        ...tables.map((table) => backup.BackupResource.fromDynamoDbTable(table)),
        backup.BackupResource.fromArn(attachmentsBucket.bucketArn),
      ],
    });
  }
}
