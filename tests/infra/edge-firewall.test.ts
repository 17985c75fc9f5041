import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { VIEWER_HOST_HEADER } from '../../core/edge-headers';
import { ROUTE_LIST } from '../../core/routes';
import { EDGE_RATE_LIMITS, EdgeFirewallStack, WEB_ACL_ARN_OUTPUT } from '../../infra/edge-firewall-stack';
import { EDGE_REGION } from '../../infra/cloudfront-metrics';
import { addStageStacks } from '../../infra/stage-stacks';
import { parseStageConfig, stageDefinitions, type StageConfig } from '../../infra/stage-config';
import { viewerHostSource } from '../../infra/viewer-host-source';
import { nagFindings } from './support/nag-findings';
import { cdkJsonContext, synthPortal, tempDir, type SynthResult } from './support/synth-portal';
import { render, resourcesOf, type Resource } from './support/template-walk';

/**
 * The per-IP rate limits at the edge (docs/decisions/0085-per-ip-limits-at-the-edge.md): a CloudFront web ACL in
 * us-east-1, its own stack deployed before the portal's; the distribution names it; the API, which cannot have
 * a web ACL, is covered by its rules on /api/* and by answering only what CloudFront sends.
 */

interface RateRule {
  Name: string;
  Priority: number;
  Statement: {
    RateBasedStatement: {
      Limit: number;
      AggregateKeyType: string;
      EvaluationWindowSec: number;
      ScopeDownStatement?: unknown;
    };
  };
  Action: { Block: { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string } } };
}

const prodConfig = (): StageConfig =>
  parseStageConfig({ ...stageDefinitions({}).prod!, account: '123456789012', region: 'eu-west-1' });

let firewall: Template;
let findings: string[];
let staging: SynthResult;
beforeAll(() => {
  const app = new App({ outdir: tempDir('lenslab-firewall-') });
  const stack = new EdgeFirewallStack(app, 'LenslabPortalEdgeFirewall-prod', {
    config: prodConfig(),
    routes: ROUTE_LIST,
  });
  findings = nagFindings(app);
  app.synth();
  firewall = Template.fromStack(stack);
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
});

const webAcl = () => {
  const acls = Object.values(firewall.findResources('AWS::WAFv2::WebACL')) as Resource[];
  expect(acls).toHaveLength(1);
  return acls[0]!.Properties!;
};
const rules = () => webAcl().Rules as RateRule[];
const ruleNamed = (suffix: string) => rules().find((r) => r.Name.endsWith(suffix))!;

describe('the CloudFront web ACL (us-east-1 stack)', () => {
  test('is a CloudFront-scoped web ACL in us-east-1 that allows by default', () => {
    expect(EDGE_REGION).toBe('us-east-1');
    expect(webAcl()).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  test('three per-IP rate-based rules over 5 minutes: public routes, the API, everything; each blocks with a 429 in the API error shape', () => {
    expect(rules().map((r) => [r.Name, r.Priority, r.Statement.RateBasedStatement.Limit])).toEqual([
      ['lenslab-prod-public-routes', 0, EDGE_RATE_LIMITS.publicRoutes],
      ['lenslab-prod-api', 1, EDGE_RATE_LIMITS.api],
      ['lenslab-prod-everything', 2, EDGE_RATE_LIMITS.everything],
    ]);
    for (const rule of rules()) {
      expect(rule.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
      expect(rule.Action.Block.CustomResponse).toMatchObject({
        ResponseCode: 429,
        CustomResponseBodyKey: 'rate-limited',
      });
    }
    const body = (webAcl().CustomResponseBodies as Record<string, { Content: string; ContentType: string }>)[
      'rate-limited'
    ]!;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toMatchObject({ error: { status: 'resource-exhausted' } });
    expect(EDGE_RATE_LIMITS.publicRoutes).toBeLessThan(EDGE_RATE_LIMITS.api);
    expect(EDGE_RATE_LIMITS.api).toBeLessThan(EDGE_RATE_LIMITS.everything);
  });

  test('the public-routes rule names exactly the public callable routes of the route table (not the webhook)', () => {
    const expected = ROUTE_LIST.filter((r) => r.access === 'public' && r.kind !== 'webhook').map(
      (r) => `/api/${r.name}`,
    );
    expect(expected.length).toBeGreaterThan(1);
    const scope = ruleNamed('public-routes').Statement.RateBasedStatement.ScopeDownStatement as {
      OrStatement: { Statements: { ByteMatchStatement: { SearchString: string; PositionalConstraint: string } }[] };
    };
    const paths = scope.OrStatement.Statements.map((s) => s.ByteMatchStatement);
    expect(paths.map((p) => p.SearchString).sort()).toEqual([...expected].sort());
    for (const p of paths) expect(p.PositionalConstraint).toBe('EXACTLY');
    expect(ruleNamed('-api').Statement.RateBasedStatement.ScopeDownStatement).toMatchObject({
      ByteMatchStatement: { SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' },
    });
    expect(ruleNamed('everything').Statement.RateBasedStatement.ScopeDownStatement).toBeUndefined();
  });

  test('logs to an aws-waf-logs- group without the Authorization header or cookies, and outputs its ARN', () => {
    const [logging] = Object.values(firewall.findResources('AWS::WAFv2::LoggingConfiguration')) as Resource[];
    expect(logging!.Properties!.RedactedFields).toEqual([
      { SingleHeader: { Name: 'authorization' } },
      { SingleHeader: { Name: 'cookie' } },
    ]);
    expect(render(logging!.Properties!.LogDestinationConfigs)).toContain(':log-group:aws-waf-logs-lenslab-prod');
    expect(Object.keys(firewall.findOutputs(WEB_ACL_ARN_OUTPUT))).toEqual([WEB_ACL_ARN_OUTPUT]);
  });

  test('cdk-nag finds nothing unexplained in it', () => {
    expect(findings).toEqual([]);
  });
});

describe('the portal uses it', () => {
  const distribution = () => {
    const [d] = Object.values(resourcesOf(staging.template, 'AWS::CloudFront::Distribution'));
    return d!.Properties!.DistributionConfig as {
      WebACLId: unknown;
      IPV6Enabled?: boolean;
      CacheBehaviors: { PathPattern: string; FunctionAssociations?: { EventType: string; FunctionARN: unknown }[] }[];
    };
  };

  test("the distribution's WebACLId is the firewall stack's output, read in us-east-1", () => {
    expect(distribution().WebACLId).toEqual({
      'Fn::GetStackOutput': {
        StackName: 'LenslabPortalEdgeFirewall-staging',
        OutputName: WEB_ACL_ARN_OUTPUT,
        Region: 'us-east-1',
      },
    });
  });

  test('the distribution answers over IPv4 only, so no client gets a /64 of addresses to spread over the per-IP rules (docs/decisions/0096-the-edge-serves-ipv4-only.md)', () => {
    expect(distribution().IPV6Enabled).toBe(false);
  });

  test('the /api/* behaviour tells the API the host the viewer used, for its Origin check', () => {
    const api = distribution().CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api.FunctionAssociations).toHaveLength(1);
    expect(api.FunctionAssociations![0]!.EventType).toBe('viewer-request');
    const id = render(api.FunctionAssociations![0]!.FunctionARN).replace(/^\$\{|\.FunctionARN\}$/g, '');
    const fn = resourcesOf(staging.template, 'AWS::CloudFront::Function')[id]!;
    expect(fn.Properties!.FunctionCode).toBe(viewerHostSource());
    const run = new Function('event', `${viewerHostSource()}\nreturn handler(event);`) as (e: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const out = run({ request: { uri: '/api/x', headers: { host: { value: 'portal.lab.example' } } } });
    expect(out.headers[VIEWER_HOST_HEADER]).toEqual({ value: 'portal.lab.example' });
  });

  test('the app deploys the firewall stack (us-east-1) before the portal stack, also when the region is unknown', () => {
    const app = () => new App({ context: cdkJsonContext(), outdir: tempDir('lenslab-app-') });
    const withRegion = addStageStacks(app(), prodConfig(), { functionCode: 'placeholder', routes: [] });
    expect(withRegion.firewall.region).toBe('us-east-1');
    expect(withRegion.portal.dependencies).toContain(withRegion.firewall);
    const offline = addStageStacks(app(), parseStageConfig(stageDefinitions({}).prod), {
      functionCode: 'placeholder',
      routes: [],
    });
    expect(offline.firewall.region).toBe('us-east-1');
    expect(offline.portal.dependencies).toContain(offline.firewall);
  });
});
