import { Duration } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { tableEnvVar, type TableName } from '../../core/data/tables';
import type { RouteDefinition } from '../../core/route-definition';
import { grantRouteResources } from '../grant-route-resources';
import { removalPolicyOf } from '../removal-policy';
import { handlerEntry } from '../repo-paths';
import type { StageConfig } from '../stage-config';
import { ATTACHMENTS_PREFIX } from './storage';

/**
 * How function code is produced. `bundle` (the default, and every real synth) runs esbuild on the
 * handler. `placeholder` puts a stub inline: only for infra tests that assert wiring, not code, so the
 * suite does not bundle every handler once per stage.
 */
export type FunctionCodeMode = 'bundle' | 'placeholder';

export interface FunctionsProps {
  config: StageConfig;
  routes: readonly RouteDefinition[];
  tables: Record<TableName, dynamodb.ITable>;
  attachmentsBucket: s3.IBucket;
  emailIdentity: ses.IEmailIdentity;
  emailFrom: string;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  issuer: string;
  /** The value CloudFront sends as `x-origin-verify` (see PortalStack). */
  originVerifyValue: string;
  codeMode?: FunctionCodeMode;
}

/** Construct id of a route's function: `getMyProfile` -> `GetMyProfileFunction`. */
export const functionId = (routeName: string) => `${routeName[0]?.toUpperCase()}${routeName.slice(1)}Function`;

// API Gateway gives up on an integration after 30 s, so a longer Lambda would only burn money.
const TIMEOUT = Duration.seconds(29);
const MEMORY_MB = 512;

// ESM output; some bundled CommonJS dependencies still call require(), which ESM lacks.
const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * One Lambda per route of the route table (handler found by convention), each with its own role that
 * holds only the grants its route names.
 */
export class Functions extends Construct {
  readonly byRoute = new Map<string, lambda.Function>();

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    const { config, routes } = props;

    const environment: Record<string, string> = {
      ...Object.fromEntries(
        Object.entries(props.tables).map(([name, table]) => [tableEnvVar(name as TableName), table.tableName]),
      ),
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      USER_POOL_ISSUER: props.issuer,
      ATTACHMENTS_BUCKET: props.attachmentsBucket.bucketName,
      EMAIL_FROM: props.emailFrom,
      STAGE: config.stage,
      LOG_LEVEL: config.logLevel,
      ORIGIN_VERIFY_SECRET: props.originVerifyValue,
    };

    for (const route of routes) {
      const fnId = functionId(route.name);
      const logGroup = new logs.LogGroup(this, `${fnId}Logs`, {
        retention: config.logRetentionDays as logs.RetentionDays,
        removalPolicy: removalPolicyOf(config),
      });
      const common = {
        description: `POST /api/${route.name}`,
        runtime: lambda.Runtime.NODEJS_22_X,
        architecture: lambda.Architecture.ARM_64,
        memorySize: MEMORY_MB,
        timeout: TIMEOUT,
        environment,
        // The handlers write one JSON object per line themselves (lambdas/http/logger.ts).
        logGroup,
      };
      const fn =
        props.codeMode === 'placeholder'
          ? new lambda.Function(this, fnId, {
              ...common,
              code: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 503 });'),
              handler: 'index.handler',
            })
          : new nodejs.NodejsFunction(this, fnId, {
              ...common,
              // Stack traces in the logs point at the TypeScript source.
              environment: { ...environment, NODE_OPTIONS: '--enable-source-maps' },
              entry: handlerEntry(route.handler),
              handler: 'handler',
              bundling: {
                format: nodejs.OutputFormat.ESM,
                target: 'node22',
                mainFields: ['module', 'main'],
                banner: ESM_REQUIRE_BANNER,
                minify: true,
                sourceMap: true,
                // The SDK versions the tests ran against, not whatever the runtime ships.
                bundleAwsSDK: true,
                forceDockerBundling: false,
                logLevel: nodejs.LogLevel.WARNING,
              },
            });
      grantRouteResources(fn, route, {
        tables: props.tables,
        attachmentsBucket: props.attachmentsBucket,
        attachmentsPrefix: ATTACHMENTS_PREFIX,
        emailIdentity: props.emailIdentity,
        userPool: props.userPool,
      });
      this.byRoute.set(route.name, fn);
    }
  }
}
