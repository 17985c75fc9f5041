import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { tableEnvVar, TABLES, type TableName } from '../../core/data/tables';
import { JOBS } from '../../core/jobs';
import type { RouteResources } from '../../core/route-definition';
import { ROUTES } from '../../core/routes';
import { jobEntry } from '../../infra/repo-paths';
import { tableAccess } from './support/iam-assertions';
import { synthPortal, type SynthResult } from './support/synth-portal';
import {
  asList,
  functionOfRoute,
  render,
  resourcesOf,
  roleOf,
  statementsOfRole,
  type Resource,
} from './support/template-walk';

// A few routes beside the jobs: the jobs' wiring does not depend on the route table, and a small stack keeps
// this file fast (and below CloudFormation's resource limit whatever the route table's size).
const SOME_ROUTES = [ROUTES.getMyProfile, ROUTES.closeOrder, ROUTES.grantGoodwillCredit];
let staging: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder', routes: SOME_ROUTES });
});

const jobCases = JOBS.map((job) => [job.name, job] as const);
const BUNDLE_MARK: Record<string, string> = {
  warrantyReminders: 'warranty-reminder#',
  abandonedDraftFiles: 'abandoned draft files',
  deliverNotices: 'notice not delivered, will retry',
  notificationDigest: 'notification digest: not sent',
  monthlyStatements: 'statement not issued',
  deliverWebhooks: 'webhook not acknowledged, will retry',
  autopay: 'autopay failed for an account',
  paymentReminders: 'payment reminders: marking failed',
};

/** The function of a job (found by the description the Functions construct gives it). */
function functionOfJob(name: string): { id: string; fn: Resource } {
  const matches = Object.entries(resourcesOf(staging.template, 'AWS::Lambda::Function')).filter(([, fn]) =>
    String(fn.Properties?.Description ?? '').startsWith(`Scheduled job ${name}:`),
  );
  expect(matches, name).toHaveLength(1);
  const [id, fn] = matches[0]!;
  return { id, fn };
}

/** The schedules' rules (the SES feedback rule, infra/constructs/email-feedback.ts, has an event pattern instead). */
const rules = () =>
  Object.entries(resourcesOf(staging.template, 'AWS::Events::Rule')).filter(
    ([, rule]) => rule.Properties?.ScheduleExpression,
  );

describe('scheduled jobs (core/jobs.ts): an EventBridge rule and a Lambda per job', () => {
  test('every job has an entry file below lambdas/jobs/; a missing one fails the synth loudly', () => {
    for (const job of JOBS) expect(existsSync(jobEntry(job.handler)), job.handler).toBe(true);
    expect(() => jobEntry('no-such-job')).toThrow(/Job handler "no-such-job" has no entry file/);
  });

  test('there is one rule per job, and no other', () => {
    expect(rules()).toHaveLength(JOBS.length);
  });

  test.each(jobCases)('%s runs on its schedule, targeting its own function, retried twice', (name, job) => {
    const { id } = functionOfJob(name);
    // Two jobs may share a schedule (every minute): the rule is the one with the schedule that targets this job.
    const matching = rules().filter(
      ([, rule]) =>
        rule.Properties?.ScheduleExpression === job.schedule && render(rule.Properties?.Targets).includes(id),
    );
    expect(matching).toHaveLength(1);
    const rule = matching[0]![1];
    expect(rule.Properties).toMatchObject({ State: 'ENABLED', ScheduleExpression: job.schedule });
    const targets = rule.Properties?.Targets as { Arn: unknown; RetryPolicy?: unknown }[];
    expect(targets).toHaveLength(1);
    expect(render(targets[0]!.Arn)).toBe(`\${${id}.Arn}`);
    expect(targets[0]!.RetryPolicy).toEqual({ MaximumRetryAttempts: 2 });
  });

  test.each(jobCases)('%s may be invoked by its rule (and only by EventBridge)', (name) => {
    const { id } = functionOfJob(name);
    const [ruleId] = rules().find(([, rule]) => render(rule.Properties?.Targets).includes(id))!;
    const permissions = Object.values(resourcesOf(staging.template, 'AWS::Lambda::Permission')).filter(
      (p) => render(p.Properties?.FunctionName) === `\${${id}.Arn}`,
    );
    expect(permissions).toHaveLength(1);
    expect(permissions[0]!.Properties).toMatchObject({
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
    });
    expect(render(permissions[0]!.Properties?.SourceArn)).toBe(`\${${ruleId}.Arn}`);
  });

  test.each(jobCases)(
    '%s is built like a route function, with a job timeout and only its own tables (and the portal address if it emails)',
    (name, job) => {
      const { fn } = functionOfJob(name);
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 300 });
      const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      const sends = !!(job.resources as RouteResources).email;
      // A job that sends email also reads the suppressed addresses its sender leaves out.
      const tables = [
        ...(Object.keys(job.resources.tables) as TableName[]),
        ...(sends ? ['emailSuppressions' as const] : []),
      ];
      expect(
        Object.keys(variables)
          .filter((v) => v.startsWith('TABLE_'))
          .sort(),
      ).toEqual(tables.map(tableEnvVar).sort());
      for (const table of tables) expect(render(variables[tableEnvVar(table)])).toBe(`\${${TABLES[table].id}Table}`);
      expect(variables.STAGE).toBe('staging');
      // No caller: nothing to verify, no CloudFront secret.
      expect(variables).not.toHaveProperty('USER_POOL_ISSUER');
      expect(variables).not.toHaveProperty('ORIGIN_VERIFY_SECRET');
      // A job that composes an email for the outbox (the digest) links to the portal like one that sends.
      const composes = sends || 'outbox' in job.resources.tables;
      if (sends) expect(variables.EMAIL_FROM).toBe('no-reply@lenslab.example');
      else expect(variables).not.toHaveProperty('EMAIL_FROM');
      // The emails' links: the CloudFront origin of the stage.
      if (composes)
        expect(render(variables.PORTAL_URL)).toMatch(/^https:\/\/\$\{WebDistribution[0-9A-F]+\.DomainName\}$/);
      else expect(variables).not.toHaveProperty('PORTAL_URL');
    },
  );

  test.each(jobCases)('%s has a role of its own, holding exactly the grants its entry names', (name, job) => {
    const role = roleOf(functionOfJob(name).fn);
    const routeRoles = SOME_ROUTES.map((route) => roleOf(functionOfRoute(staging.template, route.name).fn));
    expect(routeRoles).not.toContain(role);

    const statements = statementsOfRole(staging.template, role);
    const access = tableAccess(statements);
    const declared = Object.entries(job.resources.tables) as [TableName, string][];
    // A job that sends email also reads the suppressed addresses its sender leaves out.
    const implied = (job.resources as RouteResources).email ? ['emailSuppressions'] : [];
    expect([...access.keys()].sort()).toEqual([...declared.map(([table]) => table), ...implied].sort());
    for (const [table, mode] of declared) {
      expect(access.get(table)!.has('dynamodb:GetItem'), `${table} read`).toBe(mode !== 'write');
      expect(access.get(table)!.has('dynamodb:PutItem'), `${table} write`).toBe(mode !== 'read');
    }
    const actions = statements.flatMap((s) => asList(s.Action));
    const resources: RouteResources = job.resources;
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual(resources.email ? ['ses:SendEmail'] : []);
    // The user pool actions it names (the outbox consumer lists the lab's staff), and no other.
    expect(actions.filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual(
      (resources.userPool ?? []).map((a) => `cognito-idp:${a}`).sort(),
    );
    if (!resources.attachments) expect(actions.filter((a) => a.startsWith('s3:'))).toEqual([]);
    expect(actions.filter((a) => a.includes('*'))).toEqual([]);
  });

  test('the abandoned-draft-files job reads orders and reaches only the attachments and uploads of orders', () => {
    const { fn } = functionOfJob('abandonedDraftFiles');
    const statements = statementsOfRole(staging.template, roleOf(fn)).filter((st) =>
      asList(st.Action).some((a) => a.startsWith('s3:')),
    );
    const objects = statements.find((st) => asList(st.Action).includes('s3:DeleteObject'));
    expect(asList(objects?.Resource).map(render).sort()).toEqual([
      '${AttachmentsBucket.Arn}/incoming/orders/*',
      '${AttachmentsBucket.Arn}/orders/*',
    ]);
    expect(
      asList(statements.flatMap((st) => asList(st.Resource)))
        .map(render)
        .join(' '),
    ).not.toContain('documents/');
  });

  test('the warranty job reads orders and claims, writes only its marks and their outbox messages, and sends nothing itself', () => {
    const [job] = JOBS;
    expect(job.resources).toEqual({
      tables: { orders: 'read', warrantyClaims: 'read', tokens: 'write', outbox: 'write' },
    });
  });
});

describe('a job bundles like a route handler (esbuild, offline)', () => {
  let bundled: SynthResult;
  beforeAll(() => {
    // No routes: only the jobs are bundled.
    bundled = synthPortal({ stage: 'staging', routes: [] });
  });

  test.each(jobCases)('%s is an ESM bundle of its handler with a source map', (name) => {
    const [fn] = Object.values(resourcesOf(bundled.template, 'AWS::Lambda::Function')).filter((f) =>
      String(f.Properties?.Description ?? '').startsWith(`Scheduled job ${name}:`),
    );
    expect(fn?.Properties).toMatchObject({ Handler: 'index.handler', Timeout: 300 });
    const variables = (fn!.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.NODE_OPTIONS).toBeUndefined();
    const key = render((fn!.Properties?.Code as { S3Key: unknown }).S3Key);
    const assetDir = join(bundled.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`);
    const bundle = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(bundle.startsWith("import { createRequire } from 'node:module';")).toBe(true);
    // Each job's own code is in its bundle (a word of its use case that no other job has).
    expect(BUNDLE_MARK[name], `BUNDLE_MARK.${name}`).toBeDefined();
    expect(bundle).toContain(BUNDLE_MARK[name]!);
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
  });

  test("the outbox's stream consumer bundles its own entry, lambdas/events/outbox-stream.ts", () => {
    const [fn] = Object.values(resourcesOf(bundled.template, 'AWS::Lambda::Function')).filter((f) =>
      String(f.Properties?.Description ?? '').startsWith("The outbox's stream"),
    );
    const key = render((fn!.Properties?.Code as { S3Key: unknown }).S3Key);
    const bundle = readFileSync(join(bundled.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8');
    // Its handler keeps the stream's inserts; the sweep's work (deliverDueNotices) is in the job's bundle.
    expect(bundle).toContain('"INSERT"');
    expect(bundle).toContain(BUNDLE_MARK.deliverNotices!);
  });
});
