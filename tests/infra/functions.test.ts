import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { tableEnvVar, TABLES, type TableName } from '../../core/data/tables';
import { functionResourcesOf } from '../../core/function-resources';
import { ROUTE_LIST } from '../../core/routes';
import { expectNoWildcardActions } from './support/iam-assertions';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { functionOfRoute, render, resourcesOf, roleOf } from './support/template-walk';

// The one synth with real esbuild bundling of every handler (the other infra tests use placeholders).
let staging: SynthResult;
// Bundling ~100 functions takes about a minute alone; a machine busy with other work can take several.
const BUNDLED_SYNTH_TIMEOUT_MS = 600_000;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging' });
}, BUNDLED_SYNTH_TIMEOUT_MS);

const routeCases = ROUTE_LIST.map((route) => [route.name, route] as const);

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
    const key = render((fn.Properties?.Code as { S3Key: unknown }).S3Key);
    const assetDir = join(staging.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`);
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

  test('the bundled stack has no wildcard IAM action either', () => {
    expectNoWildcardActions(staging.template);
  });
});
