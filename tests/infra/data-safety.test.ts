import { beforeAll, describe, expect, test } from 'vitest';
import { TABLES, type TableName } from '../../core/data/tables';
import { ROUTES } from '../../core/routes';
import { BACKUP_ROLE_POLICIES } from '../../infra/constructs/backup';
import { tableLogicalId } from '../../infra/constructs/data';
import { DELETED_VERSION_DAYS } from '../../infra/constructs/storage';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { asList, functionOfRoute, render, resourcesOf, roleOf, statementsOfRole } from './support/template-walk';

/**
 * Data safety of a stage (issue item "Data safety"): the backup plan, bucket versioning, and that nothing
 * holding data can be lost to a stack update, a rollback or a deleted stack in production.
 */

let prod: SynthResult;
let staging: SynthResult;
beforeAll(() => {
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
});

/**
 * Every resource type of the stack, sorted into those that hold data nobody can rebuild from the repository and
 * those that do not. A new type fails the walk below until it is sorted here: whoever adds a bucket, a queue
 * or a file system decides whether prod must keep it.
 */
const STATEFUL_TYPES = [
  'AWS::DynamoDB::Table',
  'AWS::S3::Bucket',
  'AWS::Cognito::UserPool',
  'AWS::Logs::LogGroup',
  'AWS::Backup::BackupVault',
  // The CloudTrail files' key: deleting it would leave six years of files unreadable.
  'AWS::KMS::Key',
] as const;
const STATELESS_TYPES = [
  // Rebuilt from the repository and the stage config on every deploy.
  'AWS::ApiGatewayV2::Api',
  'AWS::ApiGatewayV2::Authorizer',
  'AWS::ApiGatewayV2::Integration',
  'AWS::ApiGatewayV2::Route',
  'AWS::ApiGatewayV2::Stage',
  'AWS::Backup::BackupPlan',
  'AWS::Backup::BackupSelection',
  'AWS::CDK::Metadata',
  'AWS::CloudFormation::Stack',
  'AWS::CloudFront::CachePolicy',
  // Settings only: the trail's files live in its bucket.
  'AWS::CloudTrail::Trail',
  'AWS::CloudFront::CloudFrontOriginAccessIdentity',
  'AWS::CloudFront::Distribution',
  'AWS::CloudFront::Function',
  'AWS::CloudFront::OriginAccessControl',
  'AWS::CloudFront::ResponseHeadersPolicy',
  'AWS::CloudWatch::Alarm',
  'AWS::CloudWatch::Dashboard',
  'AWS::Cognito::UserPoolClient',
  'AWS::Cognito::UserPoolDomain',
  'AWS::Cognito::UserPoolGroup',
  'AWS::Cognito::UserPoolResourceServer',
  'AWS::Cognito::UserPoolRiskConfigurationAttachment',
  'AWS::Events::Rule',
  'AWS::IAM::Policy',
  'AWS::IAM::Role',
  'AWS::Lambda::EventSourceMapping',
  'AWS::Lambda::Function',
  'AWS::Lambda::LayerVersion',
  'AWS::Lambda::Permission',
  'AWS::Logs::MetricFilter',
  'AWS::Logs::QueryDefinition',
  'AWS::S3::BucketPolicy',
  'AWS::SES::ConfigurationSet',
  'AWS::SES::ConfigurationSetEventDestination',
  'AWS::SES::EmailIdentity',
  'AWS::SNS::Subscription',
  'AWS::SNS::Topic',
  'AWS::SNS::TopicPolicy',
  // The outbox stream's dead letters point at stream records, which DynamoDB keeps 24 hours; the notices
  // themselves stay in the Outbox table (infra/constructs/outbox-consumer.ts).
  'AWS::SQS::Queue',
  'AWS::SQS::QueuePolicy',
  // A generated value: rotating it only needs a redeploy (infra/portal-stack.ts, OriginVerifySecret).
  'AWS::SecretsManager::Secret',
  'Custom::CDKBucketDeployment',
] as const;

const resources = (result: SynthResult) => Object.entries(result.template.toJSON().Resources as Record<string, never>);

describe('prod keeps everything that holds data', () => {
  test('every resource type of the stack is sorted into stateful or stateless', () => {
    const known = new Set<string>([...STATEFUL_TYPES, ...STATELESS_TYPES]);
    for (const result of [prod, staging]) {
      const unknown = new Set(
        resources(result)
          .map(([, r]) => (r as { Type: string }).Type)
          .filter((t) => !known.has(t)),
      );
      expect([...unknown]).toEqual([]);
    }
  });

  test('every stateful resource in prod is retained when removed from the stack or replaced', () => {
    let walked = 0;
    for (const type of STATEFUL_TYPES) {
      for (const [id, resource] of Object.entries(resourcesOf(prod.template, type))) {
        expect({ id, deletion: resource.DeletionPolicy, replace: resource.UpdateReplacePolicy }).toEqual({
          id,
          deletion: 'Retain',
          replace: 'Retain',
        });
        walked += 1;
      }
    }
    // Tables, three buckets, the user pool, the vault and a log group per function at least.
    expect(walked).toBeGreaterThan(Object.keys(TABLES).length + 5 + 90);
  });

  test('every stateful resource that can refuse its own deletion does so in prod, and so does the stack', () => {
    for (const [id, table] of Object.entries(resourcesOf(prod.template, 'AWS::DynamoDB::Table'))) {
      expect(table.Properties?.DeletionProtectionEnabled, id).toBe(true);
    }
    for (const [id, pool] of Object.entries(resourcesOf(prod.template, 'AWS::Cognito::UserPool'))) {
      expect(pool.Properties?.DeletionProtection, id).toBe('ACTIVE');
    }
    // A vault cannot be deleted while it holds recovery points; the lock keeps those for 35 days at least.
    for (const [id, vault] of Object.entries(resourcesOf(prod.template, 'AWS::Backup::BackupVault'))) {
      expect(vault.Properties?.LockConfiguration, id).toEqual({ MinRetentionDays: 35 });
    }
    expect(prod.stack.terminationProtection).toBe(true);
  });

  test('staging deletes its stateful resources with the stack (it holds seed data only)', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool', 'AWS::Logs::LogGroup']) {
      for (const [id, resource] of Object.entries(resourcesOf(staging.template, type))) {
        expect(resource.DeletionPolicy, id).toBe('Delete');
      }
    }
  });
});

describe('the AWS Backup plan', () => {
  test('prod has one plan: daily recovery points kept 35 days, monthly ones kept a year, in its own vault', () => {
    const plans = Object.values(resourcesOf(prod.template, 'AWS::Backup::BackupPlan'));
    expect(plans).toHaveLength(1);
    const plan = plans[0]!.Properties!.BackupPlan as {
      BackupPlanName: string;
      BackupPlanRule: {
        RuleName: string;
        ScheduleExpression: string;
        Lifecycle: unknown;
        TargetBackupVault: unknown;
      }[];
    };
    expect(plan.BackupPlanName).toBe('lenslab-prod');
    const [vaultId] = Object.keys(resourcesOf(prod.template, 'AWS::Backup::BackupVault'));
    expect(
      plan.BackupPlanRule.map((rule) => ({
        name: rule.RuleName,
        schedule: rule.ScheduleExpression,
        lifecycle: rule.Lifecycle,
        vault: render(rule.TargetBackupVault),
      })),
    ).toEqual([
      {
        name: 'Daily',
        schedule: 'cron(0 2 * * ? *)',
        lifecycle: { DeleteAfterDays: 35 },
        vault: `\${${vaultId}.BackupVaultName}`,
      },
      {
        name: 'Monthly',
        schedule: 'cron(0 4 1 * ? *)',
        lifecycle: { DeleteAfterDays: 365 },
        vault: `\${${vaultId}.BackupVaultName}`,
      },
    ]);
  });

  test('it backs up every table and the attachments bucket, and nothing else', () => {
    const selections = Object.values(resourcesOf(prod.template, 'AWS::Backup::BackupSelection'));
    expect(selections).toHaveLength(1);
    const selection = selections[0]!.Properties!.BackupSelection as { Resources: unknown[]; IamRoleArn: unknown };
    const backedUp = selection.Resources.map(render).sort();
    const tableArns = (Object.keys(TABLES) as TableName[]).map((name) => `\${${tableLogicalId(TABLES[name])}.Arn}`);
    expect(backedUp).toEqual([...tableArns, '${AttachmentsBucket.Arn}'].sort());
  });

  test("its role is AWS Backup's alone, with the service policies for DynamoDB and S3 backups and restores", () => {
    const selection = Object.values(resourcesOf(prod.template, 'AWS::Backup::BackupSelection'))[0]!.Properties!
      .BackupSelection as { IamRoleArn: unknown };
    const roleId = render(selection.IamRoleArn).slice(2, -'.Arn}'.length);
    const role = resourcesOf(prod.template, 'AWS::IAM::Role')[roleId]!.Properties!;
    expect(render(role.AssumeRolePolicyDocument)).toContain('"Service":"backup.amazonaws.com"');
    expect(asList(role.ManagedPolicyArns).map(render).sort()).toEqual(
      BACKUP_ROLE_POLICIES.map((name) => `arn:\${AWS::Partition}:iam::aws:policy/${name}`).sort(),
    );
  });

  test('the attachments are versioned, and replaced or deleted versions expire (AWS Backup needs versioning)', () => {
    const bucket = resourcesOf(prod.template, 'AWS::S3::Bucket').AttachmentsBucket!.Properties!;
    expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = (bucket.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        Status: 'Enabled',
        NoncurrentVersionExpiration: { NoncurrentDays: DELETED_VERSION_DAYS },
      }),
    );
  });

  test('staging has no backup plan (the stage config refuses production without one)', () => {
    expect(resourcesOf(staging.template, 'AWS::Backup::BackupPlan')).toEqual({});
    expect(resourcesOf(staging.template, 'AWS::Backup::BackupVault')).toEqual({});
  });
});

describe('switching a table to a restored copy (docs/runbook.md "Restoring a table")', () => {
  const RESTORED = 'LenslabPortal-prod-OrdersTable-restored-20260301T1000';
  let switched: SynthResult;
  beforeAll(() => {
    switched = synthPortal({
      stage: 'prod',
      functionCode: 'placeholder',
      routes: [ROUTES.getOrder, ROUTES.getMyProfile],
      override: (d) => ({ ...d, data: { ...d.data, restoredTables: { orders: RESTORED } } }),
    });
  });
  const restoredArn = `arn:\${AWS::Partition}:dynamodb:\${AWS::Region}:\${AWS::AccountId}:table/${RESTORED}`;

  test('the functions read and write the restored table, its indexes included', () => {
    const { fn } = functionOfRoute(switched.template, 'getOrder');
    const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.TABLE_ORDERS).toBe(RESTORED);
    const resourcesNamed = statementsOfRole(switched.template, roleOf(fn)).flatMap((s) =>
      asList(s.Resource).map(render),
    );
    expect(resourcesNamed).toEqual(expect.arrayContaining([restoredArn, `${restoredArn}/index/*`]));
    expect(resourcesNamed.filter((r) => r.startsWith('${OrdersTable'))).toEqual([]);
  });

  test('the original table stays in the stack, retained and protected, for comparison', () => {
    const original = resourcesOf(switched.template, 'AWS::DynamoDB::Table').OrdersTable!;
    expect(original.DeletionPolicy).toBe('Retain');
    expect(original.Properties?.DeletionProtectionEnabled).toBe(true);
  });

  test('the backups and the alarm follow the restored table', () => {
    const selection = Object.values(resourcesOf(switched.template, 'AWS::Backup::BackupSelection'))[0]!.Properties!
      .BackupSelection as { Resources: unknown[] };
    expect(selection.Resources.map(render)).toContain(restoredArn);
    const alarm = Object.values(resourcesOf(switched.template, 'AWS::CloudWatch::Alarm')).find(
      (a) => a.Properties?.AlarmName === 'lenslab-prod-dynamodb-orders',
    )!;
    expect(render(alarm.Properties?.Metrics)).toContain(`"Value":"${RESTORED}"`);
  });
});
