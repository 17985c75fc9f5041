import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, test } from 'vitest';
import { tableEnvVar, TABLES, type TableName } from '../../core/data/tables';
import { functionResourcesOf } from '../../core/function-resources';
import { ROUTE_LIST } from '../../core/routes';
import { FUNCTION_BUNDLE_PREFIX } from '../../infra/function-bundles';
import { esbuildOptionsOf } from '../../infra/lambda-bundling';
import { lambdaEntries } from '../../infra/lambda-entries';
import { expectNoWildcardActions } from './support/iam-assertions';
import { synthPortal, tempDir, type SynthResult } from './support/synth-portal';
import { functionOfRoute, render, resourcesOf, roleOf, type Resource } from './support/template-walk';

// The one synth with real esbuild bundling of every handler (the other infra tests use placeholders).
let staging: SynthResult;
// One esbuild pass bundles every function (infra/function-bundles.ts); a machine busy with other work is slow.
const BUNDLED_SYNTH_TIMEOUT_MS = 600_000;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging' });
}, BUNDLED_SYNTH_TIMEOUT_MS);

const routeCases = ROUTE_LIST.map((route) => [route.name, route] as const);

/** The staged package (asset folder) a function's code comes from. */
function packageDirOf(fn: Resource): string {
  const key = render((fn.Properties?.Code as { S3Key: unknown }).S3Key);
  return join(staging.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`);
}

const functionWithDescription = (start: string): Resource => {
  const matches = Object.values(resourcesOf(staging.template, 'AWS::Lambda::Function')).filter((fn) =>
    String(fn.Properties?.Description ?? '').startsWith(start),
  );
  expect(matches, start).toHaveLength(1);
  return matches[0]!;
};

describe('Lambda functions from the route table (bundled with esbuild, offline)', () => {
  test('there is one function per route-table entry', () => {
    const routeFunctions = Object.values(resourcesOf(staging.template, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties?.Description ?? '').startsWith('POST /api/'),
    );
    expect(routeFunctions).toHaveLength(ROUTE_LIST.length);
  });

  test.each(routeCases)('%s runs on Node 22 (arm64) from its bundled handler', (name) => {
    const { fn } = functionOfRoute(staging.template, name);
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      Timeout: 29,
    });
    // The staged bundle: an ESM file with the createRequire banner and its source map, which maps lines only
    // (the sources' text would only add to what Node parses at every cold start).
    const assetDir = packageDirOf(fn);
    const bundle = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(bundle.startsWith("import { createRequire } from 'node:module';")).toBe(true);
    expect(bundle).toContain('export{');
    const map = JSON.parse(readFileSync(join(assetDir, 'index.mjs.map'), 'utf8')) as Record<string, unknown>;
    expect(map.mappings).toEqual(expect.any(String));
    expect(map.sourcesContent).toBeUndefined();
  });

  test.each(routeCases)('%s has exactly the variables of the resources its route declares', (name, route) => {
    const { fn } = functionOfRoute(staging.template, name);
    const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    const resources = functionResourcesOf(route);
    const tables = new Set<TableName>([
      ...(Object.keys(resources.tables ?? {}) as TableName[]),
      ...(resources.audit ? (['auditLog'] as const) : []),
    ]);
    const expected = [
      'STAGE',
      'LOG_LEVEL',
      ...[...tables].map(tableEnvVar),
      ...(resources.callerIdentity ? ['USER_POOL_ISSUER', 'USER_POOL_CLIENT_ID', 'ORIGIN_VERIFY_SECRET'] : []),
      ...(resources.userPool?.length ? ['USER_POOL_ID'] : []),
      ...(resources.attachments || resources.consultFiles || resources.documents ? ['ATTACHMENTS_BUCKET'] : []),
      ...(resources.email || resources.senderAddress ? ['EMAIL_FROM'] : []),
      ...(resources.email ? ['EMAIL_CONFIGURATION_SET'] : []),
      // Staging takes cards through Stripe (infra/payment-gateway-setup.ts).
      ...(resources.paymentGateway ? ['PAYMENT_GATEWAY', 'STRIPE_PUBLISHABLE_KEY', 'PAYMENT_SECRET_ARN'] : []),
      // And tracks parcels through EasyPost (infra/parcel-tracking-setup.ts).
      ...(resources.parcelTracking ? ['PARCEL_TRACKING', 'EASYPOST_SECRET_ARN'] : []),
    ];
    expect(Object.keys(variables).sort()).toEqual(expected.sort());
    for (const table of tables) expect(render(variables[tableEnvVar(table)])).toBe(`\${${TABLES[table].id}Table}`);
    if (resources.userPool?.length) expect(render(variables.USER_POOL_ID)).toBe('${UserPool}');
    if (resources.callerIdentity) {
      expect(render(variables.USER_POOL_CLIENT_ID)).toMatch(/^\$\{AuthUserPoolWebClient[0-9A-F]+\}$/);
      expect(render(variables.USER_POOL_ISSUER)).toBe(
        'https://cognito-idp.${AWS::Region}.${AWS::URLSuffix}/${UserPool}',
      );
    }
    if (variables.ATTACHMENTS_BUCKET) expect(render(variables.ATTACHMENTS_BUCKET)).toBe('${AttachmentsBucket}');
    if (variables.EMAIL_FROM) expect(variables.EMAIL_FROM).toBe('no-reply@lenslab.example');
    expect(variables).toMatchObject({ STAGE: 'staging', LOG_LEVEL: 'debug' });
    // Reading the source map at every cold start cost about 5 ms; scripts/resolve-stack.ts maps a logged stack.
    expect(variables.NODE_OPTIONS).toBeUndefined();
  });

  test('a function without a resource has none of its variables', () => {
    const variablesOf = (name: string) =>
      (functionOfRoute(staging.template, name).fn.Properties?.Environment as { Variables: Record<string, unknown> })
        .Variables;
    // The public troubleshooter setup: the settings and the catalogue, and the wrapper's own tables.
    expect(
      Object.keys(variablesOf('getConsultantSetup'))
        .filter((v) => v.startsWith('TABLE_'))
        .sort(),
    ).toEqual(['TABLE_AUDIT_LOG', 'TABLE_LENSES', 'TABLE_REFERENCE_DATA', 'TABLE_TOKENS'].sort());
    expect(variablesOf('listOrders')).not.toHaveProperty('ATTACHMENTS_BUCKET');
    expect(variablesOf('listOrders')).not.toHaveProperty('EMAIL_FROM');
    expect(variablesOf('listOrders')).not.toHaveProperty('TABLE_INVOICES');
    // A webhook is not wrapped: no caller to verify, no session, no audit.
    expect(variablesOf('paymentWebhook')).not.toHaveProperty('USER_POOL_ISSUER');
    expect(variablesOf('paymentWebhook')).not.toHaveProperty('TABLE_AUDIT_LOG');
  });

  test.each(routeCases)('%s logs to its own log group kept for the stage retention', (name) => {
    const { fn } = functionOfRoute(staging.template, name);
    const logGroupId = render((fn.Properties?.LoggingConfig as { LogGroup: unknown }).LogGroup).replace(
      /^\$\{|\}$/g,
      '',
    );
    expect(resourcesOf(staging.template, 'AWS::Logs::LogGroup')[logGroupId]?.Properties?.RetentionInDays).toBe(30);
  });

  test('every function has its own role', () => {
    const roles = ROUTE_LIST.map((route) => roleOf(functionOfRoute(staging.template, route.name).fn));
    expect(new Set(roles).size).toBe(ROUTE_LIST.length);
  });

  test('every function entry is bundled once, into its own folder of the cloud assembly holding its bundle and map', () => {
    const entries = lambdaEntries();
    const folders = readdirSync(staging.assemblyDir).filter((name) => name.startsWith(FUNCTION_BUNDLE_PREFIX));
    expect(folders).toHaveLength(new Set(entries.map((fn) => fn.entry)).size);
    expect(folders).toContain(`${FUNCTION_BUNDLE_PREFIX}getOrder`);
    expect(folders).toContain(`${FUNCTION_BUNDLE_PREFIX}job-deliverNotices`);
    for (const folder of folders) {
      expect(readdirSync(join(staging.assemblyDir, folder)).sort(), folder).toEqual(['index.mjs', 'index.mjs.map']);
    }
  });

  // The bench (bench/lambda-start.ts) and scripts/resolve-stack.ts bundle one function at a time: the one-pass
  // build must give each function exactly that file, or the budget would measure something else than is deployed.
  test.each([
    ['getOrder', () => functionOfRoute(staging.template, 'getOrder').fn],
    ['job:deliverNotices', () => functionWithDescription('Scheduled job deliverNotices:')],
    ['event:outbox-stream', () => functionWithDescription("The outbox's stream")],
  ])('%s is deployed byte for byte as esbuild bundles its entry alone', async (name, fnOf) => {
    const entry = lambdaEntries().find((fn) => fn.name === name)!.entry;
    const alone = join(tempDir('lenslab-one-entry-'), 'index.mjs');
    await build({ ...esbuildOptionsOf(entry, alone), logLevel: 'silent' });
    const deployed = packageDirOf(fnOf());
    expect(readFileSync(join(deployed, 'index.mjs'), 'utf8')).toBe(readFileSync(alone, 'utf8'));
    const mapOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { mappings: string; sources: string[] };
    const [deployedMap, aloneMap] = [mapOf(join(deployed, 'index.mjs.map')), mapOf(`${alone}.map`)];
    expect(deployedMap.mappings).toBe(aloneMap.mappings);
    // The map's source paths are relative to the package, so they name the same files from where it is staged.
    expect(deployedMap.sources.map((source) => resolve(deployed, source))).toEqual(
      aloneMap.sources.map((source) => resolve(alone, '..', source)),
    );
  });

  test("the sign-in trigger and CloudTrail's sign-in events consumer run the one bundle of lambdas/events/auth-audit.ts", () => {
    const trigger = functionWithDescription('Cognito post authentication');
    const consumer = functionWithDescription("CloudTrail's user-pool calls");
    expect(packageDirOf(trigger)).toBe(packageDirOf(consumer));
    expect(trigger.Properties?.Handler).toBe('index.handler');
    expect(consumer.Properties?.Handler).toBe('index.handler');
    expect(readFileSync(join(packageDirOf(trigger), 'index.mjs'), 'utf8')).toContain('export{');
  });

  test('the bundled stack has no wildcard IAM action either', () => {
    expectNoWildcardActions(staging.template);
  });
});
