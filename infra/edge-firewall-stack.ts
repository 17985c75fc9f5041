import { ArnFormat, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { API_PREFIX, routePath, type RouteDefinition } from '../core/route-definition';
import { EDGE_REGION } from './cloudfront-metrics';
import { LOG_GROUP_NAG_SUPPRESSIONS } from './nag-suppressions';
import { removalPolicyOf } from './removal-policy';
import type { StageConfig } from './stage-config';

export { edgeFirewallStackName } from './stack-names';

/** The portal stack reads the web ACL's ARN from this output (Fn::GetStackOutput, across regions). */
export const WEB_ACL_ARN_OUTPUT = 'WebAclArn';

/**
 * Requests one client address may send in 5 minutes (the shortest window a rate-based rule has) before the
 * edge answers 429 until it slows down. Each tier holds within the one above it. A practice or the lab behind
 * one office address is one client, so the limits are far above what people at a desk send; they stop a
 * script, not a busy office (docs/decisions/0085-per-ip-limits-at-the-edge.md).
 */
export const EDGE_RATE_LIMITS = {
  /** Every request: pages, assets and the API. */
  everything: 3000,
  /** The API (`/api/*`), signed-in or not. */
  api: 1500,
  /** Each public route (no sign-in: sign-up, the email check, a visitor's consult, the troubleshooter's setup). */
  publicRoutes: 100,
} as const;

/** What a limited client reads: the API's error shape, so the page shows the message like any 429. */
const RATE_LIMITED_BODY = JSON.stringify({
  error: {
    status: 'resource-exhausted',
    message: 'Too many requests from your address. Please wait a few minutes and try again.',
  },
});

export interface EdgeFirewallStackProps extends Omit<StackProps, 'env'> {
  config: StageConfig;
  /** The route table: the public callable routes get the tightest limit. */
  routes: readonly RouteDefinition[];
}

/**
 * The stage's CloudFront web ACL. A web ACL for CloudFront must be created in us-east-1, while the portal
 * stack lives in the stage's region, so it is a stack of its own that deploys first; the distribution reads
 * its ARN from this stack's output (infra/stage-stacks.ts). Per-IP rate-based rules only (the handlers keep
 * their per-address and per-email limits): everything, the API, and the public routes. The API is covered
 * here because an HTTP API cannot have a web ACL, and it answers only requests that came through CloudFront.
 */
export class EdgeFirewallStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallStackProps) {
    const { config } = props;
    super(scope, id, {
      ...props,
      env: { account: config.account, region: EDGE_REGION },
      description: `Lenslab Portal (${config.stage}): CloudFront web ACL (per-IP rate limits), in the region CloudFront reads it from`,
      terminationProtection: config.production,
    });
    const name = `lenslab-${config.stage}`;
    const publicPaths = props.routes
      .filter((route) => route.access === 'public' && route.kind !== 'webhook')
      .map((route) => routePath(route.name));

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: { 'rate-limited': { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY } },
      visibilityConfig: visibility(name),
      rules: [
        ...(publicPaths.length > 0
          ? [rateRule(`${name}-public-routes`, 0, EDGE_RATE_LIMITS.publicRoutes, anyPath(publicPaths))]
          : []),
        rateRule(`${name}-api`, 1, EDGE_RATE_LIMITS.api, startsWith(`${API_PREFIX}/`)),
        rateRule(`${name}-everything`, 2, EDGE_RATE_LIMITS.everything),
      ],
    });

    // WAF's own log (what was blocked, from where), without the bearer token or cookies.
    // WAF only writes to groups named aws-waf-logs-*.
    const logGroupName = `aws-waf-logs-${name}`;
    const logGroup = new logs.LogGroup(this, 'WebAclLogs', {
      logGroupName,
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: removalPolicyOf(config),
    });
    NagSuppressions.addResourceSuppressions(logGroup, LOG_GROUP_NAG_SUPPRESSIONS);
    const logging = new wafv2.CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the log group's ARN without the ":*" CloudFormation's Arn attribute ends with.
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
    });
    logging.node.addDependency(logGroup);

    new CfnOutput(this, WEB_ACL_ARN_OUTPUT, { value: this.webAcl.attrArn });
  }
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const startsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const exactPath = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** One path, or any of several (an OR statement needs two or more). */
function anyPath(paths: readonly string[]): wafv2.CfnWebACL.StatementProperty {
  return paths.length === 1 ? exactPath(paths[0]!) : { orStatement: { statements: paths.map(exactPath) } };
}

/** A per-IP rate-based rule answering 429 with the API's error body, optionally for some paths only. */
function rateRule(
  name: string,
  priority: number,
  limit: number,
  scopeDown?: wafv2.CfnWebACL.StatementProperty,
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: 300,
        ...(scopeDown && { scopeDownStatement: scopeDown }),
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: 'rate-limited',
          responseHeaders: [{ name: 'retry-after', value: '300' }],
        },
      },
    },
    visibilityConfig: visibility(name),
  };
}
