import { Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { isMachineAccess, routePath, type RouteDefinition } from '../../core/route-definition';
import { LOG_GROUP_NAG_SUPPRESSIONS } from '../nag-suppressions';
import { removalPolicyOf } from '../removal-policy';
import { LambdaIntegrationBesideFunction } from './integration-beside-function';
import type { StageConfig } from '../stage-config';

export interface ApiProps {
  config: StageConfig;
  /** `iss` of the user pool's tokens. */
  issuer: string;
  /** The web client id: the only audience the authorizer accepts. */
  audience: string;
  /**
   * Origins allowed to call the API cross-origin. Empty: no CORS at all, which is right when the SPA
   * reaches the API through CloudFront on its own origin (`/api/*`).
   */
  corsOrigins: string[];
}

/** `POST /api/{name}`, the route key API Gateway and its route settings use. */
export const routeKey = (route: Pick<RouteDefinition, 'name'>) => `POST ${routePath(route.name)}`;

/**
 * The HTTP API: one `POST /api/{name}` route per route-table entry (spec 7 callable protocol), every route
 * behind the Cognito JWT authorizer unless the route table says `public` (deny by default).
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;

  constructor(scope: Construct, id: string, { config, issuer, audience, corsOrigins }: ApiProps) {
    super(scope, id);
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `lenslab-portal-${config.stage}`,
      createDefaultStage: false,
      defaultAuthorizer: new HttpJwtAuthorizer('CognitoJwt', issuer, {
        jwtAudience: [audience],
        identitySource: ['$request.header.Authorization'],
      }),
      ...(corsOrigins.length > 0 && {
        corsPreflight: {
          allowOrigins: corsOrigins,
          allowMethods: [apigw.CorsHttpMethod.POST, apigw.CorsHttpMethod.OPTIONS],
          allowHeaders: ['authorization', 'content-type', 'x-correlation-id'],
          exposeHeaders: ['x-correlation-id'],
        },
      }),
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: removalPolicyOf(config),
    });
    NagSuppressions.addResourceSuppressions(accessLogs, LOG_GROUP_NAG_SUPPRESSIONS);
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.throttling.rateLimit, burstLimit: config.throttling.burstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        // No headers and no body: tokens and personal data never reach the access log.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            userId: '$context.authorizer.claims.sub',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
  }

  /** The API's execute-api host name, the origin CloudFront forwards `/api/*` to. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /** Wires one route-table entry to its function. */
  addRoute(route: RouteDefinition, fn: lambda.IFunction): void {
    // A webhook's caller (the card gateway) has no Cognito token: its signature, checked by the handler
    // (lambdas/http/create-webhook-handler.ts), is the authentication. Behind the JWT authorizer it would never arrive.
    if (route.kind === 'webhook' && route.access !== 'public') {
      throw new Error(`Webhook route "${route.name}" must be public: the gateway's signature authenticates it`);
    }
    const [httpRoute] = this.httpApi.addRoutes({
      path: routePath(route.name),
      methods: [apigw.HttpMethod.POST],
      // The route stays here; its integration and invoke permission go to the function's nested stack.
      integration: new LambdaIntegrationBesideFunction(`${route.name}Integration`, fn),
      // Public routes opt out of the default JWT authorizer explicitly; the handler still applies its rules. So do
      // machine routes: their app clients are made at run time by a super admin, while the authorizer's audiences
      // are fixed when deployed, so the handler verifies the client's token and scopes
      // (docs/decisions/0104-machine-api.md).
      ...((route.access === 'public' || isMachineAccess(route.access)) && {
        authorizer: new apigw.HttpNoneAuthorizer(),
      }),
    });
    if (isMachineAccess(route.access) && httpRoute) {
      NagSuppressions.addResourceSuppressions(httpRoute, [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            "A machine API route: its callers are app clients a super admin makes at run time, which a JWT authorizer's fixed audience list cannot name; the handler verifies the pool's access token, its issuer and its scopes (docs/decisions/0104-machine-api.md).",
        },
      ]);
    }
    if (route.access === 'public' && httpRoute) {
      NagSuppressions.addResourceSuppressions(httpRoute, [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            'A public route by design (sign-up, the email check before it, the card gateway webhook): its caller has no Cognito session yet, so the handler applies its own rules (rate limits, the webhook signature).',
        },
      ]);
    }
    if (route.rateLimit !== undefined && httpRoute) {
      // A route's own limit (route table) is stricter than the stage default, e.g. for enumeration-prone calls.
      const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
      cfnStage.addPropertyOverride(`RouteSettings.${routeKey(route)}`, {
        ThrottlingRateLimit: route.rateLimit,
        ThrottlingBurstLimit: Math.max(1, Math.ceil(route.rateLimit * 2)),
      });
      // CloudFormation rejects route settings for a route that does not exist yet.
      this.stage.node.addDependency(httpRoute);
    }
  }
}
