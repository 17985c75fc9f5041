import type { DynamoDBStreamEvent } from 'aws-lambda';
import { stackEnv } from './helpers/stack-env';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TABLES, tableEnvVar, type TableName } from '../../core/data/tables';
import { functionEnvironment, type FunctionEntry, type FunctionEnvironmentValues } from '../../core/function-resources';
import { JOBS } from '../../core/jobs';
import { groupsOf, isMachineAccess, type RouteDefinition } from '../../core/route-definition';
import { MACHINE_SCOPES } from '../../core/rules/machine-scopes';
import { ROUTE_LIST, ROUTES } from '../../core/routes';
import { callableEvent } from '../support/api-gateway-event';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { machineToken } from '../support/machine-clients';
import { practiceUser } from '../support/stack-users';

/**
 * Each function gets only its entry's resources (docs/security.md "A function gets only its route's
 * resources"): for every route and job, the handler module is loaded fresh with EXACTLY the variables the CDK
 * stack gives its function (core/function-resources.ts `functionEnvironment`, the values taken from the local
 * stack), then run once against the emulators. Adapters name their resource when they are made, so a handler
 * that builds an adapter for something its route does not declare fails to load (lambdas/env.ts `requireEnv`);
 * a read on the request's path fails the request.
 */

/** What Lambda (or the local stack in its place) provides besides the function's own variables. */
const runtimeEnv = Object.fromEntries(
  Object.entries(stackEnv).filter(([name]) => name.startsWith('AWS_') || name === 'S3_FORCE_PATH_STYLE'),
);
const stackOnly = (name: string) => stackEnv[name] || undefined;

const ORIGIN_SECRET = 'origin-verify-for-this-test';

/** The local stack's values behind the CDK stack's variables. */
function valuesOfLocalStack(): FunctionEnvironmentValues {
  return {
    stage: stackEnv['STAGE']!,
    logLevel: stackEnv['LOG_LEVEL']!,
    tables: Object.fromEntries(
      (Object.keys(TABLES) as TableName[]).map((table) => [table, stackEnv[tableEnvVar(table)]!]),
    ) as Record<TableName, string>,
    userPoolId: stackEnv['USER_POOL_ID']!,
    userPoolClientId: stackEnv['USER_POOL_CLIENT_ID']!,
    issuer: stackEnv['USER_POOL_ISSUER']!,
    originVerifySecret: ORIGIN_SECRET,
    attachmentsBucket: stackEnv['ATTACHMENTS_BUCKET']!,
    emailFrom: stackEnv['EMAIL_FROM']!,
    emailConfigurationSet: stackOnly('EMAIL_CONFIGURATION_SET') ?? '',
    paymentGateway: Object.fromEntries(
      ['PAYMENT_GATEWAY', 'FAKE_GATEWAY_URL', 'FAKE_GATEWAY_WEBHOOK_SECRET'].map((name) => [name, stackEnv[name]!]),
    ),
    parcelTracking: Object.fromEntries(
      ['PARCEL_TRACKING', 'FAKE_CARRIER_URL', 'FAKE_CARRIER_WEBHOOK_SECRET'].map((name) => [name, stackEnv[name]!]),
    ),
    portalUrl: stackOnly('PORTAL_URL'),
  };
}

/** The function's variables (without the ones the local stack has no value for, such as the SES set). */
function environmentOf(entry: FunctionEntry): Record<string, string> {
  const own = Object.entries(functionEnvironment(entry, valuesOfLocalStack())).filter(([, value]) => value !== '');
  return { ...runtimeEnv, ...Object.fromEntries(own) };
}

const original = { ...process.env };
/** Replaces every variable the stack set (and any a function may get) with exactly `env`. */
function useOnly(env: Record<string, string>) {
  for (const name of Object.keys(process.env)) {
    if (name in stackEnv || name.startsWith('TABLE_') || name in env) delete process.env[name];
  }
  Object.assign(process.env, env);
}

/** Lines the handlers log while the function runs (the logger writes JSON lines to stdout). */
let logged: string[] = [];
beforeAll(() => {
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    logged.push(String(chunk));
    return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  });
});
afterEach(() => {
  logged = [];
});
afterAll(() => {
  vi.restoreAllMocks();
  useOnly(original as Record<string, string>);
});

const missingVariables = () => logged.join('').match(/Missing environment variable \w+/g) ?? [];

const tokens = { customer: '', lab: '', machine: '' };
beforeAll(async () => {
  tokens.customer = (await practiceUser(`IT-ENV-${Date.now() % 1_000_000}`)).token;
  tokens.lab = await signIn(await createTestUser(['admin', 'superadmin']));
  tokens.machine = await machineToken([...MACHINE_SCOPES]);
}, 120_000);

const tokenFor = (route: RouteDefinition) =>
  route.access === 'public'
    ? undefined
    : isMachineAccess(route.access)
      ? tokens.machine
      : groupsOf(route.access).includes('customer')
        ? tokens.customer
        : tokens.lab;

/** Loads a handler module as Lambda does on a cold start: fresh, with only the function's environment. */
async function coldStart<T>(file: string, entry: FunctionEntry): Promise<T> {
  useOnly(environmentOf(entry));
  vi.resetModules();
  return (await import(/* @vite-ignore */ resolve(file))) as T;
}

type RouteHandler = (event: ReturnType<typeof callableEvent>) => Promise<{ statusCode?: number; body?: string }>;

describe('each function reaches only what its entry declares', () => {
  it.each(ROUTE_LIST.map((route) => [route.name, route] as const))(
    '%s loads and answers with only its declared environment',
    async (_name, route) => {
      const { handler } = await coldStart<{ handler: RouteHandler }>(`lambdas/handlers/${route.handler}.ts`, route);
      const token = tokenFor(route);
      // Sent as CloudFront sends it: in AWS the API answers nothing else (lambdas/http/browser-request.ts).
      const headers = { 'x-origin-verify': ORIGIN_SECRET };
      const answer = await handler(callableEvent(route.name, { data: {}, headers, ...(token && { token }) }));
      expect(missingVariables(), route.name).toEqual([]);
      expect(answer.statusCode, `${route.name}: ${answer.body}`).toBeLessThan(500);
    },
  );

  it.each(JOBS.map((job) => [job.name, job] as const))(
    'the %s job loads and runs with only its declared environment',
    async (_name, job) => {
      const { handler } = await coldStart<{ handler: () => Promise<unknown> }>(`lambdas/jobs/${job.handler}.ts`, job);
      await expect(handler()).resolves.toBeDefined();
      expect(missingVariables(), job.name).toEqual([]);
    },
  );

  it("the outbox's stream consumer loads and runs with only the deliverNotices job's environment (its CDK grants)", async () => {
    const job = JOBS.find((j) => j.name === 'deliverNotices')!;
    const { handler } = await coldStart<{ handler: (event: DynamoDBStreamEvent) => Promise<unknown> }>(
      'lambdas/events/outbox-stream.ts',
      job,
    );
    const unknown = { eventName: 'INSERT', dynamodb: { Keys: { messageId: { S: `it-env-${Date.now()}` } } } };
    const event = { Records: [unknown] } as unknown as DynamoDBStreamEvent;
    await expect(handler(event)).resolves.toEqual({ sent: 0, retry: 0, dead: 0, skipped: 1 });
    expect(missingVariables()).toEqual([]);
  });

  it('a handler that builds an adapter for a table its route does not declare fails to load', async () => {
    const route = ROUTES.createLensDesign;
    const withoutLenses = { ...route, resources: { ...route.resources, tables: { tokens: 'read' as const } } };
    await expect(coldStart(`lambdas/handlers/${route.handler}.ts`, withoutLenses)).rejects.toThrow(
      'Missing environment variable TABLE_LENSES',
    );
  });
});
