import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Annotations, Duration, Fn, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { API_PREFIX } from '../../core/route-definition';
import type { RuntimeConfig } from '../../core/schemas/runtime-config';
import { buildContentSecurityPolicy, TERMS_DOCUMENT_CSP } from '../build-content-security-policy';
import { EDGE_REGION } from '../cloudfront-metrics';
import { WEB_ACL_ARN_OUTPUT } from '../edge-firewall-stack';
import { edgeFirewallStackName } from '../stack-names';
import { viewerHostSource } from '../viewer-host-source';
import { keepLogicalId } from '../keep-logical-id';
import { LOG_GROUP_NAG_SUPPRESSIONS } from '../nag-suppressions';
import { removalPolicyOf } from '../removal-policy';
import { WEB_DIST_DIR } from '../repo-paths';
import { bindSource, type BoundSource } from '../scoped-deployment-sources';
import { readPrerenderedBuild } from '../prerendered-build';
import { spaRewriteSource } from '../spa-rewrite-source';
import type { StageConfig } from '../stage-config';

/** Vite's output folder for content-hashed files (its default `build.assetsDir`). */
const HASHED_ASSETS_DIR = 'assets';
/**
 * Build by-products that stay on the build machine: source maps (they would publish the SPA's original
 * source and comments) and Vite's manifest (read by scripts/page-payload.ts only).
 */
const NOT_PUBLISHED = ['*.map', '.vite'];

export interface WebProps {
  config: StageConfig;
  /** execute-api host name of the HTTP API, CloudFront's `/api/*` origin. */
  apiDomainName: string;
  /** Sent to the API as `x-origin-verify`, so it can trust CloudFront's viewer-address header. */
  originVerifyValue: string;
  /** https://cognito-idp.{region}.amazonaws.com, for the CSP. */
  cognitoOrigin: string;
  /** The attachments bucket endpoint, for the CSP. */
  attachmentsOrigin: string;
  /** The stage's config.json (built with core/schemas/runtime-config.ts). */
  runtimeConfig: RuntimeConfig;
  /** Where the SPA is read from; defaults to web/dist. Tests point it at a fixture. */
  distDir?: string;
}

/**
 * The SPA on a private S3 bucket behind CloudFront (origin access control), the API on the same origin
 * under /api/*, security headers on every response, and the runtime config.json of the stage.
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** The portal's origin as browsers see it (CORS of the attachments bucket and of the API). */
  readonly portalOrigin: string;
  private readonly config: StageConfig;
  private readonly distDir: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { config } = props;
    this.config = config;
    this.distDir = props.distDir ?? WEB_DIST_DIR;

    this.bucket = new s3.Bucket(this, 'WebBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: removalPolicyOf(config),
    });
    keepLogicalId(this.bucket, 'WebBucket');
    const buildOutput =
      'Holds only the public SPA build and config.json (no personal data), read only by CloudFront and rebuilt from the repository on every deploy: versions, replicas, access logs or a KMS key would protect nothing.';
    NagSuppressions.addResourceSuppressions(
      this.bucket,
      [
        'AwsSolutions-S1',
        'HIPAA.Security-S3BucketLoggingEnabled',
        'HIPAA.Security-S3BucketVersioningEnabled',
        'HIPAA.Security-S3BucketReplicationEnabled',
        'HIPAA.Security-S3DefaultEncryptionKMS',
      ].map((id) => ({ id, reason: buildOutput })),
    );

    // The build that is deployed: its prerendered pages and the inline styles they carry.
    const prerendered = readPrerenderedBuild(this.distDir);
    const pageHeaders = this.securityHeaders('SecurityHeaders', {
      csp: buildContentSecurityPolicy({
        cognitoOrigin: props.cognitoOrigin,
        attachmentsOrigin: props.attachmentsOrigin,
        paymentGateway: config.payments.gateway,
        inlineStyleHashes: prerendered.styleHashes,
      }),
      frameOption: cloudfront.HeadersFrameOption.DENY,
      comment: 'Security headers',
    });
    const termsHeaders = this.securityHeaders('FramableHeaders', {
      csp: TERMS_DOCUMENT_CSP,
      frameOption: cloudfront.HeadersFrameOption.SAMEORIGIN,
      comment: 'Security headers of the terms PDF, which the portal may frame',
    });

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const viewerHost = new cloudfront.Function(this, 'ApiViewerHost', {
      comment: 'Tells the API which host name the browser used (its Origin check), as x-viewer-host',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(viewerHostSource()),
    });
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Serves a prerendered page its own file, and /index.html other client-side routes of the SPA',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaRewriteSource(prerendered.pages)),
    });

    // Pages and config.json are never served from a cache without asking S3 (every TTL starts at 0, and S3
    // sends them `no-cache`), so a deploy shows at once; the maximum TTL above 0 is what lets CloudFront
    // compress them, which a policy with caching fully off may not do.
    const revalidated = new cloudfront.CachePolicy(this, 'RevalidatedCachePolicy', {
      comment: 'Site files that are not content-hashed: revalidated with S3 on every request, compressed',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    });
    const siteBehavior = {
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      compress: true,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Lenslab Portal ${config.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      // The per-IP rate limits (infra/edge-firewall-stack.ts): in us-east-1, deployed before this stack.
      webAclId: Fn.getStackOutput(edgeFirewallStackName(config.stage), WEB_ACL_ARN_OUTPUT, EDGE_REGION),
      // IPv4 only: WAF's rate rules count an IPv6 client by its full address, and one client holds a /64 of
      // them, so over IPv6 it could dodge every per-IP limit (docs/decisions/0096-the-edge-serves-ipv4-only.md).
      enableIpv6: false,
      ...(config.domain && {
        domainNames: [config.domain.name],
        // Only settable with an own certificate; the *.cloudfront.net certificate's policy is fixed.
        minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', config.domain.certificateArn),
      }),
      defaultBehavior: {
        ...siteBehavior,
        cachePolicy: revalidated,
        responseHeadersPolicy: pageHeaders,
        // SPA fallback as a viewer-request rewrite, not as 403/404 error responses: those would apply to
        // the whole distribution and turn the API's own 403/404 answers into index.html (docs/deploy.md).
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Content-hashed files never change under their name: cached at the edge as long as S3's
        // `immutable, max-age=31536000` allows, compressed, and without the SPA rewrite (they all have a dot).
        [`/${HASHED_ASSETS_DIR}/*`]: {
          ...siteBehavior,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: pageHeaders,
        },
        [`${API_PREFIX}/*`]: {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            customHeaders: { 'x-origin-verify': props.originVerifyValue },
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Forwards Authorization and CloudFront-Viewer-Address (per-IP limits) but not Host, which
          // API Gateway would reject.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: pageHeaders,
          functionAssociations: [{ function: viewerHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        // The Terms page (spec 2) embeds the PDF in a frame, so it alone may be framed by the portal.
        [termsPathPattern(config.termsUrl)]: {
          ...siteBehavior,
          cachePolicy: revalidated,
          responseHeadersPolicy: termsHeaders,
        },
      },
    });

    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'Practices order from several countries and lab staff travel: blocking by country would lock out legitimate users, and every API call is authenticated anyway.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'CloudFront standard logs need an ACL-enabled bucket; every API call is logged by API Gateway (access log) and by its function, and the rest is the public SPA build.',
      },
      ...(config.domain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without an own domain the distribution uses the *.cloudfront.net certificate, whose TLS policy CloudFront fixes; with one (stage config `domain`) it requires TLS 1.2 (TLSv1.2_2021).',
            },
          ]),
    ]);

    this.portalOrigin = ownDomainOrigin(config) ?? `https://${this.distribution.distributionDomainName}`;
    this.deploy(props.runtimeConfig);
  }

  /**
   * Publishes the built SPA (when web/dist exists) and the stage's config.json. Hashed assets are cached
   * for a year; everything else, config.json included, is revalidated on every load so a deploy shows at once.
   */
  private deploy(runtimeConfig: RuntimeConfig): void {
    const retainOnDelete = this.config.data.removalPolicy === 'retain';
    const { role, policy } = this.deploymentRole();
    const locked = role.withoutPolicyUpdates();
    const logGroup = new logs.LogGroup(this, 'DeploymentLogs', {
      retention: this.config.logRetentionDays as logs.RetentionDays,
      removalPolicy: removalPolicyOf(this.config),
    });
    NagSuppressions.addResourceSuppressions(logGroup, LOG_GROUP_NAG_SUPPRESSIONS);
    const common = { destinationBucket: this.bucket, role: locked, logGroup, prune: false, retainOnDelete };

    const hasDist = existsSync(join(this.distDir, 'index.html'));
    if (!hasDist) {
      Annotations.of(this).addWarningV2(
        'lenslab:web-dist-missing',
        `${this.distDir} has no index.html: only config.json is deployed. Run \`npx vite build\` before \`cdk deploy\`.`,
      );
    }

    const sources: BoundSource[] = [];
    let assets: s3deploy.BucketDeployment | undefined;
    if (hasDist && existsSync(join(this.distDir, HASHED_ASSETS_DIR))) {
      const hashed = bindSource(
        this,
        s3deploy.Source.asset(join(this.distDir, HASHED_ASSETS_DIR), { exclude: NOT_PUBLISHED }),
        locked,
      );
      sources.push(hashed);
      assets = new s3deploy.BucketDeployment(this, 'DeployHashedAssets', {
        ...common,
        sources: [hashed.source],
        destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
        cacheControl: [
          s3deploy.CacheControl.setPublic(),
          s3deploy.CacheControl.maxAge(Duration.days(365)),
          s3deploy.CacheControl.immutable(),
        ],
      });
    }

    const site = [
      ...(hasDist
        ? [
            bindSource(
              this,
              // config.json of a local build (web/public/config.json) must never reach a deployed stage.
              s3deploy.Source.asset(this.distDir, { exclude: [HASHED_ASSETS_DIR, 'config.json', ...NOT_PUBLISHED] }),
              locked,
            ),
          ]
        : []),
      bindSource(this, s3deploy.Source.jsonData('config.json', runtimeConfig), locked),
    ];
    sources.push(...site);
    const pages = new s3deploy.BucketDeployment(this, 'DeploySiteAndConfig', {
      ...common,
      sources: site.map((s) => s.source),
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // New pages may reference new hashed files: upload those first.
    if (assets) pages.node.addDependency(assets);

    // Part of the role's inline policy (rendered at synth), so it exists before the deployment Lambda runs.
    policy.addStatements(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: sources.map((s) => s.objectArn) }),
    );
    this.explainDeploymentLambda();
  }

  /**
   * CDK's deployment Lambda (one per stack, created by BucketDeployment beside the stack's other resources) and
   * why cdk-nag's function rules do not apply to it.
   */
  private explainDeploymentLambda(): void {
    const reason =
      "CDK's BucketDeployment Lambda runs only while CloudFormation deploys the site (a custom resource): its runtime, network, concurrency and retries are CDK's, and it handles no request and no personal data.";
    const handlers = Stack.of(this).node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    NagSuppressions.addResourceSuppressions(
      handlers,
      [
        'AwsSolutions-L1',
        'HIPAA.Security-LambdaInsideVPC',
        'HIPAA.Security-LambdaDLQ',
        'HIPAA.Security-LambdaConcurrency',
      ].map((id) => ({ id, reason })),
      true,
    );
  }

  /**
   * The role of CDK's deployment Lambda, written out so it holds no wildcard action (BucketDeployment's
   * own grants use `s3:GetObject*`, `s3:List*`, `s3:Abort*` and invalidation on every distribution).
   */
  private deploymentRole(): { role: iam.Role; policy: iam.PolicyDocument } {
    const stack = Stack.of(this);
    const policy = new iam.PolicyDocument({
      statements: [
        new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }),
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [this.bucket.arnForObjects('*')],
        }),
        new iam.PolicyStatement({
          actions: ['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation'],
          resources: [
            stack.formatArn({
              service: 'cloudfront',
              region: '',
              resource: 'distribution',
              resourceName: this.distribution.distributionId,
            }),
          ],
        }),
      ],
    });
    const role = new iam.Role(this, 'DeploymentRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
      inlinePolicies: { PublishSite: policy },
    });
    NagSuppressions.addResourceSuppressions(role, [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'AWSLambdaBasicExecutionRole only lets the deployment Lambda write its own logs and is maintained by AWS; its other permissions are the inline statements below.',
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'The deployment Lambda publishes the whole SPA: every key of this one bucket is its to write and delete, and no other bucket is named.',
        appliesTo: ['Resource::<WebBucket.Arn>/*'],
      },
      {
        id: 'HIPAA.Security-IAMNoInlinePolicy',
        reason:
          "The role serves only CDK's deployment Lambda of this site, and its inline policy names exactly this bucket and this distribution.",
      },
    ]);
    return { role, policy };
  }

  private securityHeaders(
    id: string,
    { csp, frameOption, comment }: { csp: string; frameOption: cloudfront.HeadersFrameOption; comment: string },
  ): cloudfront.ResponseHeadersPolicy {
    return new cloudfront.ResponseHeadersPolicy(this, id, {
      comment,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });
  }
}

/** The portal's origin when the stage has its own domain; known at synth time, unlike CloudFront's. */
export function ownDomainOrigin(config: StageConfig): string | undefined {
  return config.domain ? `https://${config.domain.name}` : undefined;
}

/** The CloudFront path pattern of the terms document: the file itself at the root (`/terms.pdf`), else its folder. */
export function termsPathPattern(termsUrl: string): string {
  const folder = posix.dirname(termsUrl);
  return folder === '/' ? termsUrl : `${folder}/*`;
}
