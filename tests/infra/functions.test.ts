import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { tableEnvVar, TABLES, type TableName } from '../../core/data/tables';
import { ROUTE_LIST } from '../../core/routes';
import { expectNoWildcardActions } from './support/iam-assertions';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { functionOfRoute, render, resourcesOf, roleOf } from './support/template-walk';

// The one synth with real esbuild bundling of every handler (the other infra tests use placeholders).
let staging: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging' });
});

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
    // The staged bundle: an ESM file with the createRequire banner and its source map.
    const key = render((fn.Properties?.Code as { S3Key: unknown }).S3Key);
    const assetDir = join(staging.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`);
    const bundle = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(bundle.startsWith("import { createRequire } from 'node:module';")).toBe(true);
    expect(bundle).toContain('export{');
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
  });

  test.each(routeCases)('%s finds every table, the pool, the bucket and the sender in its environment', (name) => {
    const { fn } = functionOfRoute(staging.template, name);
    const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    for (const table of Object.keys(TABLES) as TableName[]) {
      expect(render(variables[tableEnvVar(table)])).toBe(`\${${TABLES[table].id}Table}`);
    }
    expect(render(variables.USER_POOL_ID)).toBe('${UserPool}');
    expect(render(variables.USER_POOL_CLIENT_ID)).toMatch(/^\$\{AuthUserPoolWebClient[0-9A-F]+\}$/);
    expect(render(variables.USER_POOL_ISSUER)).toBe('https://cognito-idp.${AWS::Region}.${AWS::URLSuffix}/${UserPool}');
    expect(render(variables.ATTACHMENTS_BUCKET)).toBe('${AttachmentsBucket}');
    expect(variables).toMatchObject({
      EMAIL_FROM: 'no-reply@lenslab.example',
      STAGE: 'staging',
      LOG_LEVEL: 'debug',
      NODE_OPTIONS: '--enable-source-maps',
    });
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
