import { Duration, type NestedStack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { TableName } from '../../core/data/tables';
import { functionEnvironment, type FunctionEntry, type FunctionEnvironmentValues } from '../../core/function-resources';
import type { RouteDefinition } from '../../core/route-definition';
import type { JobDefinition } from '../../core/jobs';
import { bundleFunctions, functionBundleDir } from '../function-bundles';
import { grantRouteResources, type RouteResourceTargets } from '../grant-route-resources';
import { lambdaEntries } from '../lambda-entries';
import { FUNCTION_NAG_SUPPRESSIONS, LOG_GROUP_NAG_SUPPRESSIONS } from '../nag-suppressions';
import { parcelTrackingSetup } from '../parcel-tracking-setup';
import { paymentGatewaySetup } from '../payment-gateway-setup';
import { removalPolicyOf } from '../removal-policy';
import { handlerEntry, jobEntry } from '../repo-paths';
import type { StageConfig } from '../stage-config';
import { functionGroupStack, JOBS_STACK_ID, routeGroupOf, routeGroupStackId } from './function-groups';
import { ownDomainOrigin } from './web';

/**
 * How function code is produced. `bundle` (the default, and every real synth) bundles every function with one
 * esbuild build (infra/function-bundles.ts). `placeholder` puts a stub inline and bundles nothing: only for infra
 * tests that assert wiring, not code, so the suite does not bundle every handler once per stage.
 */
export type FunctionCodeMode = 'bundle' | 'placeholder';

export interface FunctionsProps {
  config: StageConfig;
  routes: readonly RouteDefinition[];
  tables: Record<TableName, dynamodb.ITable>;
  attachmentsBucket: s3.IBucket;
  emailIdentity: ses.IEmailIdentity;
  /** Named by every email the functions send (EMAIL_CONFIGURATION_SET), for its bounce and complaint events. */
  emailConfigurationSet: ses.IConfigurationSet;
  emailFrom: string;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  issuer: string;
  /** The value CloudFront sends as `x-origin-verify` (see PortalStack). */
  originVerifyValue: string;
  codeMode?: FunctionCodeMode;
  /** Scheduled jobs (core/jobs.ts); their schedules are the Schedules construct's. */
  jobs?: readonly JobDefinition[];
  /** The portal's origin for links in the jobs' emails (PORTAL_URL). */
  portalUrl?: string;
}

/** Construct id of a route's function: `getMyProfile` -> `GetMyProfileFunction`. */
export const functionId = (routeName: string) => `${routeName[0]?.toUpperCase()}${routeName.slice(1)}Function`;
/** Construct id of a job's function: `warrantyReminders` -> `WarrantyRemindersJobFunction`. */
export const jobFunctionId = (jobName: string) => `${jobName[0]?.toUpperCase()}${jobName.slice(1)}JobFunction`;

// API Gateway gives up on an integration after 30 s, so a longer Lambda would only burn money.
const TIMEOUT = Duration.seconds(29);
// A job has no caller waiting: it may page through every closed order of two years.
const JOB_TIMEOUT = Duration.minutes(5);
const MEMORY_MB = 512;

/** Suppresses FUNCTION_NAG_SUPPRESSIONS on a function, its role and its policy: call after its grants exist. */
function explainNagFindings(fn: lambda.Function): void {
  NagSuppressions.addResourceSuppressions(fn, FUNCTION_NAG_SUPPRESSIONS, true);
}

/**
 * One Lambda per route of the route table (handler found by convention) and per scheduled job, each with its
 * own role that holds only the grants its entry names. The functions live in nested stacks, one per handler
 * folder plus one for the jobs (function-groups.ts), so the parent stays far below CloudFormation's
 * 500-resource limit however long the route table grows.
 */
export class Functions extends Construct {
  readonly byRoute = new Map<string, lambda.Function>();
  readonly byJob = new Map<string, lambda.Function>();
  /** The nested stacks, by construct id: one per route group (handler folder) and one for the jobs. */
  readonly stacks = new Map<string, NestedStack>();
  /** A job's environment values (the portal's address for its emails' links, see below). */
  private readonly jobValues: FunctionEnvironmentValues;
  private readonly targets: RouteResourceTargets;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: FunctionsProps,
  ) {
    super(scope, id);
    const { config, routes } = props;

    // Each function gets only the variables of what it may touch (core/function-resources.ts), as its role gets
    // only those grants: the card gateway's settings, say, reach only the routes that name `paymentGateway`.
    const payments = paymentGatewaySetup(this, config);
    const parcels = parcelTrackingSetup(this, config);
    const values: FunctionEnvironmentValues = {
      stage: config.stage,
      logLevel: config.logLevel,
      tables: Object.fromEntries(
        Object.entries(props.tables).map(([name, table]) => [name, table.tableName]),
      ) as Record<TableName, string>,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      issuer: props.issuer,
      originVerifySecret: props.originVerifyValue,
      // The own domain only: the distribution's default domain would be a cycle (it fronts this API).
      portalOrigins: ownDomainOrigin(config),
      attachmentsBucket: props.attachmentsBucket.bucketName,
      emailFrom: props.emailFrom,
      emailConfigurationSet: props.emailConfigurationSet.configurationSetName,
      paymentGateway: payments.environment,
      parcelTracking: parcels.environment,
    };
    // Every function's code in one esbuild build, before the first function asks for its folder: the routes'
    // and jobs' of this stack and the event consumers' that other constructs add (lambdaEntries).
    if (props.codeMode !== 'placeholder') bundleFunctions(this, lambdaEntries(routes, props.jobs ?? []));
    this.targets = {
      tables: props.tables,
      attachmentsBucket: props.attachmentsBucket,
      emailIdentity: props.emailIdentity,
      emailConfigurationSet: props.emailConfigurationSet,
      userPool: props.userPool,
      paymentSecret: payments.secret,
      parcelTrackingSecret: parcels.secret,
    };

    for (const route of routes) {
      const fn = this.portalFunction(this.routeGroup(route.handler), functionId(route.name), {
        description: `POST /api/${route.name}`,
        entry: () => handlerEntry(route.handler),
        timeout: TIMEOUT,
        environment: functionEnvironment(route, values),
      });
      grantRouteResources(fn, route, this.targets);
      explainNagFindings(fn);
      this.byRoute.set(route.name, fn);
    }

    // Scheduled jobs (core/jobs.ts): built and granted like a route's function, from their own entry. Only they
    // get the portal's address for their emails' links: without a custom domain it is the distribution's, and
    // the distribution fronts the routes' API, so naming it in a route's function would be a cycle.
    this.jobValues = { ...values, portalUrl: props.portalUrl };
    for (const job of props.jobs ?? []) {
      const fn = this.jobEntryFunction(this.jobsStack(), jobFunctionId(job.name), job, {
        description: `Scheduled job ${job.name}: ${job.schedule}`,
        entry: () => jobEntry(job.handler),
      });
      explainNagFindings(fn);
      this.byJob.set(job.name, fn);
    }
  }

  /**
   * A function granted and given its environment as a job's entry says: a scheduled job's, or a function that
   * another event starts to do a job's work (the outbox's stream consumer does the deliverNotices job's,
   * infra/constructs/outbox-consumer.ts). The caller adds its cdk-nag reasons once its grants are done.
   */
  jobEntryFunction(
    scope: Construct,
    fnId: string,
    job: FunctionEntry,
    options: { description: string; entry: () => string; timeout?: Duration },
  ): lambda.Function {
    const fn = this.portalFunction(scope, fnId, {
      ...options,
      timeout: options.timeout ?? JOB_TIMEOUT,
      environment: functionEnvironment(job, this.jobValues),
    });
    grantRouteResources(fn, job, this.targets);
    return fn;
  }

  /** The nested stack of a route's handler folder (function-groups.ts), made on first use. */
  private routeGroup(handler: string): NestedStack {
    const group = routeGroupOf(handler);
    return this.groupStack(routeGroupStackId(group), `${group} route functions`);
  }

  /** The nested stack of the scheduled jobs; their EventBridge rules go in it too (PortalStack). */
  jobsStack(): NestedStack {
    return this.groupStack(JOBS_STACK_ID, 'scheduled jobs');
  }

  private groupStack(id: string, what: string): NestedStack {
    const existing = this.stacks.get(id);
    if (existing) return existing;
    const stack = functionGroupStack(this, id, `Lenslab Portal (${this.props.config.stage}): ${what}`);
    this.stacks.set(id, stack);
    return stack;
  }

  /**
   * One function with its own log group and role: the bundle of `entry` (infra/function-bundles.ts; the entry
   * must be one of infra/lambda-entries.ts), or a stub in placeholder mode (`entry` is then never resolved).
   */
  portalFunction(
    scope: Construct,
    fnId: string,
    options: { description: string; entry: () => string; timeout: Duration; environment: Record<string, string> },
  ): lambda.Function {
    const { config } = this.props;
    const logGroup = new logs.LogGroup(scope, `${fnId}Logs`, {
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: removalPolicyOf(config),
    });
    NagSuppressions.addResourceSuppressions(logGroup, LOG_GROUP_NAG_SUPPRESSIONS);
    const common = {
      description: options.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: MEMORY_MB,
      timeout: options.timeout,
      environment: options.environment,
      // The handlers write one JSON object per line themselves (lambdas/http/logger.ts).
      logGroup,
    };
    const fn =
      this.props.codeMode === 'placeholder'
        ? new lambda.Function(scope, fnId, {
            ...common,
            code: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 503 });'),
            handler: 'index.handler',
          })
        : new lambda.Function(scope, fnId, {
            ...common,
            // The folder holds index.mjs and its map. No --enable-source-maps: parsing the map cost about 5 ms of
            // every cold start. The map ships in the package, and scripts/resolve-stack.ts turns a logged stack
            // into TypeScript positions.
            code: lambda.Code.fromAsset(functionBundleDir(scope, options.entry())),
            handler: 'index.handler',
          });
    return fn;
  }
}
