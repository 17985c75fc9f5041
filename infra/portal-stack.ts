import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { JOBS, type JobDefinition } from '../core/jobs';
import type { RouteDefinition } from '../core/route-definition';
import { ROUTE_LIST } from '../core/routes';
import { buildRuntimeConfig } from './build-runtime-config';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { AuthAudit } from './constructs/auth-audit';
import { Backup } from './constructs/backup';
import { Data } from './constructs/data';
import { configurationSetName, Email } from './constructs/email';
import { EmailFeedback } from './constructs/email-feedback';
import { Functions, type FunctionCodeMode } from './constructs/functions';
import { Monitoring } from './constructs/monitoring';
import { OUTBOX_JOB, OutboxConsumer } from './constructs/outbox-consumer';
import { Schedules } from './constructs/schedules';
import { attachmentsBucketOrigin, Storage } from './constructs/storage';
import { ownDomainOrigin, Web } from './constructs/web';
import type { StageConfig } from './stage-config';
import { enableActiveTracing } from './tracing';

export interface PortalStackProps extends Omit<StackProps, 'env'> {
  config: StageConfig;
  /** The route table; tests may pass a subset. */
  routes?: readonly RouteDefinition[];
  /** The scheduled jobs (core/jobs.ts); tests may pass a subset. */
  jobs?: readonly JobDefinition[];
  /** See FunctionCodeMode: `placeholder` is for wiring-only tests. */
  functionCode?: FunctionCodeMode;
  /** The built SPA; defaults to web/dist. */
  webDistDir?: string;
}

export { portalStackName } from './stack-names';

/** The output naming the distribution; the us-east-1 stack reads it (infra/edge-monitoring-stack.ts). */
export const DISTRIBUTION_ID_OUTPUT = 'DistributionId';

/** The whole portal of one stage (docs/architecture.md "The shape"), composed from one construct per concern. */
export class PortalStack extends Stack {
  constructor(scope: Construct, id: string, props: PortalStackProps) {
    const { config } = props;
    super(scope, id, {
      ...props,
      env: { account: config.account, region: config.region },
      description: `Lenslab Portal (${config.stage})`,
      terminationProtection: config.production,
    });
    const routes = props.routes ?? ROUTE_LIST;
    const jobs = props.jobs ?? JOBS;
    assertUniqueRouteNames(routes);

    const auth = new Auth(this, 'Auth', { config });
    const data = new Data(this, 'Data', { config });
    const email = new Email(this, 'Email', { config });
    const staticOrigin = ownDomainOrigin(config);
    const api = new Api(this, 'Api', {
      config,
      issuer: auth.issuer,
      audience: auth.webClient.userPoolClientId,
      // Without an own domain the SPA reaches the API only through CloudFront on its own origin, and the
      // distribution's domain cannot be named here (the distribution already depends on the API).
      corsOrigins: staticOrigin ? [staticOrigin] : [],
    });
    // CloudFront proves a request came through it with this header, so the API may trust the viewer address
    // CloudFront adds (per-IP limits; lambdas/http/create-handler.ts clientIp). A generated secret, not a key:
    // it grants no access, it only decides which address a rate limit counts.
    const originVerify = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: 'CloudFront -> API origin header proving a request came through the distribution',
      generateSecretString: { excludePunctuation: true, passwordLength: 40 },
    });
    const notACredential =
      'Not a credential: a random header value that only tells the API which viewer address a rate limit counts; it opens nothing, and rotating it would need the distribution and every function redeployed together.';
    NagSuppressions.addResourceSuppressions(originVerify, [
      { id: 'AwsSolutions-SMG4', reason: notACredential },
      { id: 'HIPAA.Security-SecretsManagerRotationEnabled', reason: notACredential },
      { id: 'HIPAA.Security-SecretsManagerUsingKMSKey', reason: notACredential },
    ]);
    const originVerifyValue = originVerify.secretValue.unsafeUnwrap();
    const web = new Web(this, 'Web', {
      config,
      apiDomainName: api.domainName,
      originVerifyValue,
      cognitoOrigin: `https://cognito-idp.${this.region}.${this.urlSuffix}`,
      attachmentsOrigin: attachmentsBucketOrigin(this, config),
      runtimeConfig: buildRuntimeConfig(config, {
        region: this.region,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.webClient.userPoolClientId,
      }),
      ...(props.webDistDir && { distDir: props.webDistDir }),
    });
    const storage = new Storage(this, 'Storage', { config, portalOrigin: web.portalOrigin });
    if (config.data.backups) {
      new Backup(this, 'Backup', {
        config,
        tables: Object.values(data.tables),
        attachmentsBucket: storage.attachmentsBucket,
      });
    }
    const functions = new Functions(this, 'Functions', {
      config,
      routes,
      tables: data.tables,
      attachmentsBucket: storage.attachmentsBucket,
      emailIdentity: email.identity,
      emailConfigurationSet: email.configurationSet,
      emailFrom: email.from,
      userPool: auth.userPool,
      userPoolClient: auth.webClient,
      issuer: auth.issuer,
      originVerifyValue,
      jobs,
      portalUrl: web.portalOrigin,
      ...(props.functionCode && { codeMode: props.functionCode }),
    });
    // A job's rule (and the permission it needs to invoke the function) lives in the jobs' nested stack.
    const schedules =
      jobs.length > 0
        ? new Schedules(functions.jobsStack(), 'Schedules', { jobs, functions: functions.byJob })
        : undefined;
    const routeFunctions = routes.map((route) => {
      const fn = functions.byRoute.get(route.name);
      if (!fn) throw new Error(`No function was created for route "${route.name}"`);
      api.addRoute(route, fn);
      return { name: route.name, fn };
    });
    const emailFeedback = new EmailFeedback(this, 'EmailFeedback', {
      config,
      functions,
      configurationSetName: configurationSetName(config),
      suppressions: data.tables.emailSuppressions,
    });
    // Beside the deliverNotices job, whose work it does. A restored outbox (stage config `data.restoredTables`) has
    // no stream the stack knows: the job alone delivers (infra/constructs/data.ts).
    const outboxConsumer = data.tables.outbox.tableStreamArn
      ? new OutboxConsumer(functions.jobsStack(), 'OutboxConsumer', { functions, outbox: data.tables.outbox })
      : undefined;
    const authAudit = new AuthAudit(this, 'AuthAudit', {
      config,
      functions,
      userPool: auth.userPool,
      userPoolClient: auth.webClient,
      auditLog: data.tables.auditLog,
      accessLogsBucket: storage.accessLogsBucket,
    });
    if (config.monitoring.tracing) {
      const all = [
        ...functions.byRoute.values(),
        ...functions.byJob.values(),
        emailFeedback.consumer,
        authAudit.trigger,
        authAudit.consumer,
        ...(outboxConsumer ? [outboxConsumer.consumer] : []),
      ];
      for (const fn of all) enableActiveTracing(fn);
    }
    const monitoring = new Monitoring(this, 'Monitoring', {
      config,
      httpApi: api.httpApi,
      tables: data.tables,
      routeFunctions,
      jobs: jobs.map((job) => ({
        name: job.name,
        fn: functions.byJob.get(job.name)!,
        rule: schedules!.byJob.get(job.name)!,
      })),
      distribution: web.distribution,
      eventConsumers: [
        { name: 'emailFeedback', fn: emailFeedback.consumer },
        { name: 'signInTrigger', fn: authAudit.trigger },
        { name: 'signInEvents', fn: authAudit.consumer },
      ],
      outbox: {
        consumers: [
          ...(outboxConsumer ? [{ name: 'outboxStream', fn: outboxConsumer.consumer }] : []),
          ...jobs
            .filter((job) => job.name === OUTBOX_JOB.name)
            .map((job) => ({ name: job.name, fn: functions.byJob.get(job.name)! })),
        ],
        streamDeadLetters: outboxConsumer?.deadLetterQueue,
      },
      webhookSenders: jobs
        .filter((job) => job.name === 'deliverWebhooks')
        .map((job) => ({ name: job.name, fn: functions.byJob.get(job.name)! })),
    });

    Tags.of(this).add('project', 'lenslab-portal');
    Tags.of(this).add('stage', config.stage);
    new CfnOutput(this, 'PortalUrl', { value: web.portalOrigin });
    new CfnOutput(this, DISTRIBUTION_ID_OUTPUT, { value: web.distribution.distributionId });
    // With an own domain, point its DNS record (CNAME or Route 53 alias) here.
    new CfnOutput(this, 'DistributionDomainName', { value: web.distribution.distributionDomainName });
    new CfnOutput(this, 'ApiEndpoint', { value: api.httpApi.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.webClient.userPoolClientId });
    new CfnOutput(this, 'AttachmentsBucketName', { value: storage.attachmentsBucket.bucketName });
    new CfnOutput(this, 'EmailIdentity', { value: email.identity.emailIdentityName });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.alarms.topic.topicArn });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards/dashboard/${monitoring.dashboardName}`,
    });
  }
}

function assertUniqueRouteNames(routes: readonly RouteDefinition[]): void {
  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.name)) throw new Error(`Route "${route.name}" appears twice in the route table`);
    seen.add(route.name);
  }
}
