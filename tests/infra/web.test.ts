import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { SESSION } from '../../core/constants';
import { runtimeConfigSchema } from '../../core/schemas/runtime-config';
import { PRERENDERED_BUILD_FILE } from '../../infra/prerendered-build';
import { spaRewriteSource } from '../../infra/spa-rewrite-source';
import { EMAIL_BODY_STYLE } from '../../core/email-style';
import { renderTemplate } from '../../lambdas/email/render-template';
import { synthPortal, synthWithOwnDomain, tempDir, type SynthResult } from './support/synth-portal';
import { asList, render, resourcesOf, type Resource, type Statement } from './support/template-walk';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const STYLE_HASH = "'sha256-prerenderedLoginPageStyle='";

/** A built SPA as `vite build` leaves it, plus a stray local config.json that must not be published. */
function fakeDist(): string {
  const dir = tempDir('lenslab-dist-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/app-1a2b.js"></script>');
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log("app")');
  writeFileSync(join(dir, 'terms.pdf'), '%PDF-1.4');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dir, 'assets', 'app-1a2b.js.map'), '{}');
  writeFileSync(join(dir, 'config.json'), '{"stage":"local"}');
  // A page the build prerendered, with its inline style's hash (scripts/prerender-plugin.ts).
  mkdirSync(join(dir, 'auth', 'login'), { recursive: true });
  writeFileSync(join(dir, 'auth', 'login', 'index.html'), '<!doctype html><style>p{color:red}</style>');
  writeFileSync(
    join(dir, PRERENDERED_BUILD_FILE),
    JSON.stringify({ pages: ['/auth/login'], styleHashes: [STYLE_HASH] }),
  );
  return dir;
}

let staging: SynthResult;
let prod: SynthResult;
let built: SynthResult;
let withDomain: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
  built = synthPortal({ stage: 'staging', functionCode: 'placeholder', webDistDir: fakeDist() });
  withDomain = synthWithOwnDomain('prod');
});

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId?: string;
  OriginRequestPolicyId?: string;
  ResponseHeadersPolicyId?: unknown;
  AllowedMethods?: string[];
  ViewerProtocolPolicy: string;
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
}
interface DistributionConfig {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
  CustomErrorResponses?: unknown;
  Aliases?: string[];
  ViewerCertificate?: Record<string, unknown>;
  DefaultRootObject?: string;
}

const distributionOf = (result: SynthResult): DistributionConfig => {
  const all = Object.values(resourcesOf(result.template, 'AWS::CloudFront::Distribution'));
  expect(all).toHaveLength(1);
  return all[0]!.Properties!.DistributionConfig as DistributionConfig;
};
const behavior = (config: DistributionConfig, pattern: string) => {
  const found = config.CacheBehaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`no behaviour ${pattern}`);
  return found;
};
const originOf = (config: DistributionConfig, b: Behavior) => config.Origins.find((o) => o.Id === b.TargetOriginId)!;

const headersPolicy = (result: SynthResult, ref: unknown) => {
  const id = render(ref).replace(/^\$\{|\}$/g, '');
  const policy = resourcesOf(result.template, 'AWS::CloudFront::ResponseHeadersPolicy')[id];
  if (!policy) throw new Error(`no response headers policy ${id}`);
  return (policy.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> })
    .SecurityHeadersConfig;
};
const cspOf = (security: Record<string, unknown>) =>
  render((security.ContentSecurityPolicy as { ContentSecurityPolicy: unknown }).ContentSecurityPolicy);

/** The function code of the default behaviour's viewer-request rewrite. */
function rewriteCodeOf(result: SynthResult): unknown {
  const config = distributionOf(result);
  const associations = config.DefaultCacheBehavior.FunctionAssociations ?? [];
  expect(associations).toHaveLength(1);
  expect(associations[0]!.EventType).toBe('viewer-request');
  const functionId = render(associations[0]!.FunctionARN).replace(/^\$\{|\.FunctionARN\}$/g, '');
  const fn = resourcesOf(result.template, 'AWS::CloudFront::Function')[functionId]!;
  expect(fn.Properties).toMatchObject({ FunctionConfig: expect.objectContaining({ Runtime: 'cloudfront-js-2.0' }) });
  return fn.Properties!.FunctionCode;
}

/** The SPA rewrite, run the way CloudFront runs it: `handler(event)` returns the request. */
const rewriteWith =
  (source: string) =>
  (uri: string): string => {
    const handler = new Function(`${source}; return handler;`)() as (event: unknown) => { uri: string };
    return handler({ request: { uri, method: 'GET', headers: {} } }).uri;
  };

describe('the SPA on S3 behind CloudFront', () => {
  test('the site bucket is private and keeps the logical id "WebBucket"', () => {
    const bucket = resourcesOf(staging.template, 'AWS::S3::Bucket').WebBucket!;
    expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties?.BucketEncryption).toBeDefined();
  });

  test('CloudFront reads the bucket through origin access control, and only this distribution may', () => {
    const config = distributionOf(staging);
    const s3Origin = originOf(config, config.DefaultCacheBehavior);
    expect(render(s3Origin.DomainName)).toBe('${WebBucket.RegionalDomainName}');
    expect(render(s3Origin.OriginAccessControlId)).toMatch(/OriginAccessControl[0-9A-F]+\.Id\}$/);
    staging.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    const policy = Object.values(resourcesOf(staging.template, 'AWS::S3::BucketPolicy')).find(
      (p) => render(p.Properties?.Bucket) === '${WebBucket}',
    )!;
    const allow = (
      policy.Properties!.PolicyDocument as { Statement: (Statement & { Principal: unknown })[] }
    ).Statement.filter((s) => s.Effect === 'Allow');
    expect(allow).toHaveLength(1);
    expect(allow[0]).toMatchObject({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } });
    expect(
      render((allow[0]!.Condition as { StringEquals: Record<string, unknown> }).StringEquals['AWS:SourceArn']),
    ).toMatch(/:distribution\/\$\{WebDistribution[0-9A-F]+\}$/);
  });

  test('SPA fallback is a viewer-request rewrite on the default behaviour, not error responses', () => {
    const config = distributionOf(staging);
    expect(config.DefaultRootObject).toBe('index.html');
    // Error responses would also turn the API's own 403/404 answers into index.html (spec 8 needs them).
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(rewriteCodeOf(staging)).toBe(spaRewriteSource([]));
    // /api/* has only its viewer-host function (tests/infra/edge-firewall.test.ts), never the rewrite.
    const api = behavior(config, '/api/*').FunctionAssociations ?? [];
    expect(api).toHaveLength(1);
    expect(render(api[0]!.FunctionARN)).not.toBe(
      render(config.DefaultCacheBehavior.FunctionAssociations![0]!.FunctionARN),
    );
  });

  test('the rewrite serves the pages the deployed build prerendered, and the CSP allows their inline styles', () => {
    expect(rewriteCodeOf(built)).toBe(spaRewriteSource(['/auth/login']));
    const pageCsp = (result: SynthResult) =>
      cspOf(headersPolicy(result, distributionOf(result).DefaultCacheBehavior.ResponseHeadersPolicyId));
    const styleSrc = pageCsp(built)
      .split('; ')
      .find((d) => d.startsWith('style-src '));
    expect(styleSrc?.split(' ')).toContain(STYLE_HASH);
    expect(pageCsp(staging)).not.toContain(STYLE_HASH);
  });

  test.each([
    ['/', '/index.html'],
    ['/auth/login', '/auth/login/index.html'],
    ['/auth/login/', '/index.html'],
    ['/auth/sign-up', '/index.html'],
    ['/customer/order/', '/index.html'],
    ['/admin/user-management', '/index.html'],
    ['/assets/app-1a2b.js', '/assets/app-1a2b.js'],
    ['/config.json', '/config.json'],
    ['/terms.pdf', '/terms.pdf'],
    ['/auth/login/index.html', '/auth/login/index.html'],
  ])('the rewrite serves %s as %s (prerendered: /auth/login)', (uri, expected) => {
    expect(rewriteWith(spaRewriteSource(['/auth/login']))(uri)).toBe(expected);
  });

  test('/api/* goes to the HTTP API uncached, with the viewer headers except Host', () => {
    const config = distributionOf(staging);
    const api = behavior(config, '/api/*');
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['POST', 'OPTIONS']));
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    expect(render(originOf(config, api).DomainName)).toMatch(
      /^\$\{ApiHttpApi[0-9A-F]+\}\.execute-api\.\$\{AWS::Region\}\.\$\{AWS::URLSuffix\}$/,
    );
  });

  test('pages and API answers carry CSP, HSTS, nosniff, frame DENY and a strict referrer policy', () => {
    const config = distributionOf(staging);
    for (const b of [config.DefaultCacheBehavior, behavior(config, '/api/*')]) {
      const security = headersPolicy(staging, b.ResponseHeadersPolicyId);
      expect(security.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
      expect(
        (security.StrictTransportSecurity as { AccessControlMaxAgeSec: number }).AccessControlMaxAgeSec,
      ).toBeGreaterThanOrEqual(31_536_000);
      expect(security.ContentTypeOptions).toEqual({ Override: true });
      expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
      const csp = cspOf(security);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-hashes' 'sha256-",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "frame-src 'self'",
        "base-uri 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
  });

  test("the CSP allows the email preview's one inline style by its hash and no other inline style", () => {
    const csp = cspOf(headersPolicy(staging, distributionOf(staging).DefaultCacheBehavior.ResponseHeadersPolicyId));
    const style = csp.split('; ').find((d) => d.startsWith('style-src'));
    const rendered = renderTemplate({ subject: 's', body: 'b' }, {}).html;
    const inlineStyles = [...rendered.matchAll(/style="([^"]*)"/g)].map((m) => m[1]!);
    expect(inlineStyles).toEqual([EMAIL_BODY_STYLE]);
    const hash = createHash('sha256').update(EMAIL_BODY_STYLE, 'utf8').digest('base64');
    expect(style).toBe(`style-src 'self' 'unsafe-hashes' 'sha256-${hash}'`);
  });

  test('the CSP lets the browser connect only to the portal, Cognito, the attachments bucket and (a stripe stage) Stripe', () => {
    const csp = cspOf(headersPolicy(staging, distributionOf(staging).DefaultCacheBehavior.ResponseHeadersPolicyId));
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src'));
    expect(connect?.split(' ')).toEqual([
      'connect-src',
      "'self'",
      'https://cognito-idp.${AWS::Region}.${AWS::URLSuffix}',
      'https://lenslab-staging-attachments-${AWS::AccountId}-${AWS::Region}.s3.${AWS::Region}.${AWS::URLSuffix}',
      // Staging's card gateway is Stripe in test mode (docs/decisions/0053-card-payments-the-gateway-port.md).
      'https://api.stripe.com',
    ]);
  });

  test('only the terms document may be framed, and only by the portal (spec 2 Terms page)', () => {
    const config = distributionOf(staging);
    const terms = behavior(config, '/terms.pdf');
    expect(originOf(config, terms).Id).toBe(config.DefaultCacheBehavior.TargetOriginId);
    const security = headersPolicy(staging, terms.ResponseHeadersPolicyId);
    expect(security.FrameOptions).toEqual({ FrameOption: 'SAMEORIGIN', Override: true });
    expect(cspOf(security)).toBe("frame-ancestors 'self'");
    expect(security.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true });
    expect(security.ContentTypeOptions).toEqual({ Override: true });
  });

  test('with an own domain the distribution serves it with its certificate and TLS 1.2+', () => {
    const config = distributionOf(withDomain);
    expect(config.Aliases).toEqual(['portal.lenslab.example']);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });
});

/** The config.json the site deployment publishes, read from the staged asset, with its deploy-time markers. */
function publishedConfig(result: SynthResult) {
  for (const deployment of Object.values(resourcesOf(result.template, 'Custom::CDKBucketDeployment'))) {
    const props = deployment.Properties as { SourceObjectKeys: string[]; SourceMarkers: Record<string, unknown>[] };
    for (const [index, key] of props.SourceObjectKeys.entries()) {
      const file = join(result.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json');
      if (existsSync(file)) {
        return {
          json: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>,
          markers: props.SourceMarkers[index]!,
        };
      }
    }
  }
  throw new Error('no deployment publishes config.json');
}

describe('runtime config.json (docs/architecture.md "Stages and config")', () => {
  test.each([
    ['staging', false],
    ['prod', true],
  ] as const)('%s publishes its stage and production flag %s', (stage, production) => {
    const { json } = publishedConfig(stage === 'staging' ? staging : prod);
    expect(json).toMatchObject({ stage, production });
  });

  test('it matches core/schemas/runtime-config.ts and points the SPA at /api, SRP sign-in and the terms PDF', () => {
    const { json, markers } = publishedConfig(staging);
    const config = runtimeConfigSchema.parse(json);
    expect(config).toMatchObject({
      apiBaseUrl: '/api',
      authFlowType: 'USER_SRP_AUTH',
      termsUrl: '/terms.pdf',
      session: { inactivityTimeoutMs: SESSION.inactivityTimeoutMs, warningAfterMs: SESSION.warningAfterMs },
    });
    expect(config.userPoolEndpoint).toBeUndefined();
    expect(config.mailboxUrl).toBeUndefined();
    // Pool ids are filled in at deploy time from the stack's own resources.
    expect(render(markers[config.userPoolId])).toBe('${UserPool}');
    expect(render(markers[config.userPoolClientId])).toMatch(/^\$\{AuthUserPoolWebClient[0-9A-F]+\}$/);
    expect(render(markers[config.region])).toBe('${AWS::Region}');
  });

  test('without web/dist only config.json is deployed, with a warning naming the missing build', () => {
    expect(Object.keys(resourcesOf(staging.template, 'Custom::CDKBucketDeployment'))).toHaveLength(1);
    Annotations.fromStack(staging.stack).hasWarning(
      '/LenslabPortal-staging/Web',
      Match.stringLikeRegexp('has no index.html: only config.json is deployed'),
    );
  });
});

describe('publishing a built SPA', () => {
  const deployments = () => Object.values(resourcesOf(built.template, 'Custom::CDKBucketDeployment'));
  const assetFiles = (deployment: Resource) =>
    (deployment.Properties!.SourceObjectKeys as string[]).flatMap((key) =>
      readdirSync(join(built.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`), { recursive: true }).map(String),
    );

  test('hashed assets are cached for a year, everything else revalidates on each load', () => {
    const [hashed, site] = [
      deployments().find((d) => d.Properties?.DestinationBucketKeyPrefix === 'assets/')!,
      deployments().find((d) => d.Properties?.DestinationBucketKeyPrefix === undefined)!,
    ];
    expect(hashed.Properties?.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(assetFiles(hashed)).toEqual(['app-1a2b.js']);
    expect(site.Properties?.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(site.Properties?.DistributionPaths).toEqual(['/*']);
    expect(site.Properties?.Prune).toBe(false);
  });

  test('a local config.json, source maps and the Vite manifest are never published; the stage config.json is', () => {
    const site = deployments().find((d) => d.Properties?.DestinationBucketKeyPrefix === undefined)!;
    const files = assetFiles(site);
    expect(files).toEqual(expect.arrayContaining(['index.html', 'terms.pdf', 'config.json']));
    expect(files).not.toContain(join('assets', 'app-1a2b.js'));
    expect(files.filter((f) => f === 'config.json')).toHaveLength(1);
    // Vite's manifest and source maps stay on the build machine.
    expect(files.filter((f) => f.startsWith('.vite') || f.endsWith('.map'))).toEqual([]);
    expect(publishedConfig(built).json.stage).toBe('staging');
  });

  test('the deployment role reads exactly the published asset objects, from its inline policy', () => {
    const [roleId, role] = Object.entries(resourcesOf(built.template, 'AWS::IAM::Role')).find(([id]) =>
      id.startsWith('WebDeploymentRole'),
    )!;
    // Inline, so the permission exists before the deployment Lambda first runs (no separate policy resource).
    const attached = Object.values(resourcesOf(built.template, 'AWS::IAM::Policy')).filter((p) =>
      render(p.Properties?.Roles).includes(roleId),
    );
    expect(attached).toEqual([]);
    const statements = (role.Properties!.Policies as { PolicyDocument: { Statement: Statement[] } }[]).flatMap(
      (p) => p.PolicyDocument.Statement,
    );
    const assetReads = statements.filter(
      (s) => asList(s.Action).includes('s3:GetObject') && render(s.Resource).includes('cdk-'),
    );
    const keys = deployments().flatMap((d) => d.Properties!.SourceObjectKeys as string[]);
    const resources = assetReads.flatMap((s) => asList(s.Resource)).map(render);
    expect(resources).toHaveLength(keys.length);
    for (const key of keys) expect(resources.some((r) => r.endsWith(`/${key}`))).toBe(true);
    // Every deployment runs with this role.
    const handlers = Object.values(resourcesOf(built.template, 'AWS::Lambda::Function')).filter(
      (fn) =>
        String(fn.Properties?.Handler).startsWith('index.handler') &&
        render(fn.Properties?.Runtime).startsWith('python'),
    );
    expect(handlers.map((fn) => render(fn.Properties?.Role))).toEqual([`\${${roleId}.Arn}`]);
  });
});
