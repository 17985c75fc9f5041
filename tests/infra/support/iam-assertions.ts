import { expect } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { asList, iamStatements, render, resourcesOf, type Statement } from './template-walk';

/** The only managed policy a role may carry: CloudWatch Logs writes (explicit actions, no wildcard). */
export const BASIC_EXECUTION_POLICY = 'arn:${AWS::Partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';

/**
 * No IAM statement anywhere in the stack names a wildcard action, and every role's managed policies are
 * limited to basic Lambda logging. CDK's BucketDeployment is included: its role is written out in
 * infra/constructs/web.ts precisely so that no exception is needed here.
 */
export function expectNoWildcardActions(template: Template): void {
  const statements = iamStatements(template);
  expect(statements.length).toBeGreaterThan(0);
  const wildcards = statements
    .flatMap(({ owner, statement }) => asList(statement.Action).map((action) => ({ owner, action })))
    .filter(({ action }) => action.includes('*'));
  expect(wildcards).toEqual([]);

  for (const [id, role] of Object.entries(resourcesOf(template, 'AWS::IAM::Role'))) {
    const managed = ((role.Properties?.ManagedPolicyArns as unknown[] | undefined) ?? []).map(render);
    for (const arn of managed) expect(arn, id).toBe(BASIC_EXECUTION_POLICY);
  }

  // Resource policies: Deny s3:* (TLS enforcement) is fine; no Allow may use a wildcard action.
  for (const [id, policy] of Object.entries(resourcesOf(template, 'AWS::S3::BucketPolicy'))) {
    const doc = policy.Properties?.PolicyDocument as { Statement: Statement[] };
    for (const statement of doc.Statement.filter((s) => s.Effect === 'Allow')) {
      for (const action of asList(statement.Action)) expect(action, id).not.toContain('*');
    }
  }
}
