import { beforeAll, describe, expect, test } from 'vitest';
import { TABLES } from '../../core/data/tables';
import { AUDITED_COGNITO_CALLS } from '../../core/schemas/audit';
import { tableLogicalId } from '../../infra/constructs/data';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { asList, render, resourcesOf, roleOf, statementsOfRole, type Resource } from './support/template-walk';

/**
 * Sign-in events in the audit trail in AWS: the user pool's post authentication trigger and
 * an EventBridge rule on CloudTrail's user-pool calls, both writing the audit log with PutItem only; entries
 * kept six years by the table's TTL.
 */
let prod: SynthResult;
beforeAll(() => {
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
});

const AUDIT = tableLogicalId(TABLES.auditLog);
const fnByDescription = (start: string): [string, Resource] => {
  const found = Object.entries(resourcesOf(prod.template, 'AWS::Lambda::Function')).filter(([, fn]) =>
    String(fn.Properties?.Description).startsWith(start),
  );
  expect(found, start).toHaveLength(1);
  return found[0]!;
};
const trigger = () => fnByDescription('Cognito post authentication');
const consumer = () => fnByDescription("CloudTrail's user-pool calls");

/** Every action a function's role holds, by resource. */
function grants(fn: Resource): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of statementsOfRole(prod.template, roleOf(fn))) {
    const actions = asList(s.Action).filter((a) => !a.startsWith('xray:'));
    for (const r of asList(s.Resource).map(render)) out.set(r, [...(out.get(r) ?? []), ...actions].sort());
  }
  for (const [r, actions] of out) if (actions.length === 0) out.delete(r);
  return out;
}

describe('sign-ins: the post authentication trigger', () => {
  test('the user pool calls the trigger after each sign-in', () => {
    const [fnId] = trigger();
    const [, pool] = Object.entries(resourcesOf(prod.template, 'AWS::Cognito::UserPool'))[0]!;
    expect(render((pool.Properties?.LambdaConfig as Record<string, unknown>)['PostAuthentication'])).toBe(
      `\${${fnId}.Arn}`,
    );
    const permissions = Object.values(resourcesOf(prod.template, 'AWS::Lambda::Permission')).filter(
      (p) =>
        render(p.Properties?.FunctionName).includes(fnId) && p.Properties?.Principal === 'cognito-idp.amazonaws.com',
    );
    expect(permissions).toHaveLength(1);
  });

  test('it may only PutItem on the audit table, and names no user pool (the pool names it)', () => {
    const [, fn] = trigger();
    expect(Object.fromEntries(grants(fn))).toEqual({ [`\${${AUDIT}.Arn}`]: ['dynamodb:PutItem'] });
    const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables).sort()).toEqual(['LOG_LEVEL', 'TABLE_AUDIT_LOG'].sort());
  });
});

describe("failed sign-ins, authenticator and password changes, sign-outs: CloudTrail's calls", () => {
  test('a rule takes the user-pool calls the mapping records to the consumer, retried twice', () => {
    const [fnId] = consumer();
    const rules = Object.values(resourcesOf(prod.template, 'AWS::Events::Rule')).filter((rule) =>
      render(rule.Properties?.Targets).includes(fnId),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties?.EventPattern).toEqual({
      source: ['aws.cognito-idp'],
      'detail-type': ['AWS API Call via CloudTrail'],
      detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: [...AUDITED_COGNITO_CALLS] },
    });
    expect((rules[0]!.Properties?.Targets as { RetryPolicy: unknown }[])[0]!.RetryPolicy).toEqual({
      MaximumRetryAttempts: 2,
    });
  });

  test('the rule also receives read-only management events, in case CloudTrail marks the sign-in calls so', () => {
    const [fnId] = consumer();
    const [rule] = Object.values(resourcesOf(prod.template, 'AWS::Events::Rule')).filter((r) =>
      render(r.Properties?.Targets).includes(fnId),
    );
    expect(rule!.Properties?.State).toBe('ENABLED_WITH_ALL_CLOUDTRAIL_MANAGEMENT_EVENTS');
  });

  test("the consumer knows this stage's pool and web client, the only names by which a call is told to be ours", () => {
    const [, fn] = consumer();
    const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    const [poolId] = Object.keys(resourcesOf(prod.template, 'AWS::Cognito::UserPool'));
    const [clientId] = Object.keys(resourcesOf(prod.template, 'AWS::Cognito::UserPoolClient'));
    expect(render(variables['USER_POOL_ID'])).toContain(poolId!);
    expect(render(variables['USER_POOL_CLIENT_ID'])).toContain(clientId!);
  });

  test('the consumer may only PutItem on the audit table and read a user and their groups from the pool', () => {
    const [, fn] = consumer();
    const held = grants(fn);
    expect(held.get(`\${${AUDIT}.Arn}`)).toEqual(['dynamodb:PutItem']);
    const pool = [...held.keys()].find((r) => r.includes('UserPool'));
    expect(held.get(pool!)).toEqual(['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser']);
    expect(held.size).toBe(2);
  });

  test('a failure of either raises an alarm', () => {
    for (const name of ['lenslab-prod-sign-in-trigger-errors', 'lenslab-prod-sign-in-events-errors']) {
      const alarm = Object.values(resourcesOf(prod.template, 'AWS::CloudWatch::Alarm')).find(
        (a) => a.Properties?.AlarmName === name,
      );
      expect(alarm?.Properties, name).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda' });
    }
  });
});

describe('the CloudTrail trail those events need', () => {
  const trail = () => {
    const all = Object.values(resourcesOf(prod.template, 'AWS::CloudTrail::Trail'));
    expect(all).toHaveLength(1);
    return all[0]!.Properties!;
  };

  test("the stack declares a trail logging this region's management events, read and write, with file validation", () => {
    expect(trail()).toMatchObject({ IsLogging: true, IsMultiRegionTrail: false, EnableLogFileValidation: true });
    const selectors = trail().EventSelectors as { IncludeManagementEvents: boolean; ReadWriteType: string }[];
    expect(selectors).toEqual([expect.objectContaining({ IncludeManagementEvents: true, ReadWriteType: 'All' })]);
  });

  test('its files are encrypted with a rotated key of their own and kept six years in a versioned bucket', () => {
    const keyId = render(trail().KMSKeyId);
    const [key] = Object.entries(resourcesOf(prod.template, 'AWS::KMS::Key')).filter(([id]) => keyId.includes(id));
    expect(key?.[1].Properties?.EnableKeyRotation).toBe(true);
    const bucketName = render(trail().S3BucketName);
    const [bucket] = Object.entries(resourcesOf(prod.template, 'AWS::S3::Bucket')).filter(([id]) =>
      bucketName.includes(id),
    );
    const props = bucket![1].Properties!;
    expect(props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = (props.LifecycleConfiguration as { Rules: { Id: string; ExpirationInDays?: number }[] }).Rules;
    expect(rules.find((r) => r.Id === 'expire-trail-files')?.ExpirationInDays).toBeGreaterThanOrEqual(6 * 365);
  });

  test("a stage whose account already has a trail (monitoring.cloudTrail 'account') declares none", () => {
    const withAccountTrail = synthPortal({
      stage: 'staging',
      functionCode: 'placeholder',
      override: (definition) => ({ ...definition, monitoring: { ...definition.monitoring, cloudTrail: 'account' } }),
    });
    expect(resourcesOf(withAccountTrail.template, 'AWS::CloudTrail::Trail')).toEqual({});
    expect(resourcesOf(withAccountTrail.template, 'AWS::Events::Rule')).not.toEqual({});
  });
});

describe('retention', () => {
  test('audit entries expire six years after they were written: TTL on expiresAt', () => {
    const table =
      resourcesOf(prod.template, 'AWS::DynamoDB::Table')[AUDIT] ??
      resourcesOf(prod.template, 'AWS::DynamoDB::GlobalTable')[AUDIT];
    expect(table?.Properties?.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
  });
});
