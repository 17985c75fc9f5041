import { expect } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { TABLES, type TableDef, type TableName } from '../../../core/data/tables';
import { BACKUP_ROLE_POLICIES } from '../../../infra/constructs/backup';
import { tableLogicalId } from '../../../infra/constructs/data';
import { asList, iamStatements, render, resourcesOf, type Statement } from './template-walk';

const awsManagedPolicyArn = (name: string) => `arn:\${AWS::Partition}:iam::aws:policy/${name}`;

/** The only managed policy a function's role may carry: CloudWatch Logs writes (explicit actions, no wildcard). */
export const BASIC_EXECUTION_POLICY = awsManagedPolicyArn('service-role/AWSLambdaBasicExecutionRole');

/**
 * No IAM statement anywhere in the stack names a wildcard action, and every role's managed policies are
 * limited to basic Lambda logging (AWS Backup's role excepted). CDK's BucketDeployment is included: its role is written out in
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
    // AWS Backup's role (infra/constructs/backup.ts) carries AWS's own backup and restore policies, and no
    // other principal can assume it.
    if (render(role.Properties?.AssumeRolePolicyDocument).includes('"Service":"backup.amazonaws.com"')) {
      expect(managed.sort(), id).toEqual(BACKUP_ROLE_POLICIES.map(awsManagedPolicyArn).sort());
      continue;
    }
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

const TABLE_BY_LOGICAL_ID = new Map(
  (Object.entries(TABLES) as [TableName, TableDef][]).map(([name, def]) => [tableLogicalId(def), name]),
);

/** Table name -> the DynamoDB actions a role's statements allow on it. */
export function tableAccess(statements: Statement[]): Map<TableName, Set<string>> {
  const access = new Map<TableName, Set<string>>();
  for (const statement of statements) {
    for (const resource of asList(statement.Resource)) {
      const match = /^\$\{(\w+)\.Arn\}/.exec(render(resource));
      const table = match && TABLE_BY_LOGICAL_ID.get(match[1]!);
      if (!table) continue;
      const actions = access.get(table) ?? new Set<string>();
      for (const action of asList(statement.Action)) actions.add(action);
      access.set(table, actions);
    }
  }
  return access;
}
