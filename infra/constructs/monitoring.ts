import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { TABLES, type TableName } from '../../core/data/tables';
import { CREDIT_GRANTED_METRIC } from '../../core/money-metrics';
import { NOTICE_PARKED_METRIC } from '../../core/outbox-metrics';
import { WEBHOOK_FAILED_METRIC } from '../../core/webhook-metrics';
import { ALARM_THRESHOLDS, JOB_ATTEMPTS } from '../alarm-thresholds';
import { cloudFrontMetric } from '../cloudfront-metrics';
import {
  chunkDurationPercent,
  chunkErrors,
  functionChunks,
  type FunctionChunk,
  type WatchedFunction,
} from '../function-alarm-chunks';
import { ON_CALL_QUERIES, queryDefinitionName } from '../log-queries';
import type { StageConfig } from '../stage-config';
import { StageAlarms } from './stage-alarms';

/**
 * The DynamoDB operations the functions send (lambdas/adapters/dynamo-*.ts): SystemErrors is published per table
 * and operation, so a table's alarm reads each of these. tests/infra/monitoring.test.ts fails when a function
 * starts sending another one.
 */
export const DYNAMODB_OPERATIONS = [
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'BatchGetItem',
  'TransactWriteItems',
] as const;

export interface ScheduledJobFunction extends WatchedFunction {
  /** The EventBridge rule that starts the job (infra/constructs/schedules.ts). */
  rule: events.IRule;
}

/** The outbox's consumers (infra/constructs/outbox-consumer.ts and the deliverNotices job). */
export interface OutboxWatch {
  /** The functions that deliver notices, and so may park one: their log groups are filtered for that line. */
  consumers: readonly WatchedFunction[];
  /** The stream consumer's on-failure queue; none when the outbox is a restored table that no stream consumer reads. */
  streamDeadLetters?: sqs.IQueue | undefined;
}

export interface MonitoringProps {
  config: StageConfig;
  httpApi: apigw.IHttpApi;
  tables: Record<TableName, dynamodb.ITable>;
  /** Every route's function, in route-table order. */
  routeFunctions: readonly WatchedFunction[];
  jobs: readonly ScheduledJobFunction[];
  distribution: cloudfront.IDistribution;
  /** Functions started by events (infra/constructs/email-feedback.ts): a failure loses the event's record. */
  eventConsumers: readonly WatchedFunction[];
  outbox: OutboxWatch;
  /** The deliverWebhooks job: it fails a delivery after its last try, on the line the webhooks alarm counts. */
  webhookSenders: readonly WatchedFunction[];
}

const PERIOD = Duration.minutes(5);
const SUM = cloudwatch.Stats.SUM;
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const RUNBOOK = 'docs/runbook.md';

/**
 * The stage's alarms (issue item "alarms and a dashboard per stage") and its one dashboard. Alarms of the
 * API, tables and SES live here; a function group's alarms live in its nested stack beside its functions, so
 * the parent stack grows by nothing per route. CloudFront's 5xx alarm is in the us-east-1 stack
 * (infra/edge-monitoring-stack.ts): CloudFront publishes its metrics only there.
 */
export class Monitoring extends Construct {
  readonly alarms: StageAlarms;
  readonly dashboard: cloudwatch.Dashboard;
  /** Known at synth time (the dashboard's own attribute is a reference), for the console address output. */
  readonly dashboardName: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { config } = props;
    this.alarms = new StageAlarms(this, 'Alarms', { config });
    this.dashboardName = `lenslab-portal-${config.stage}`;

    const api = this.apiMetrics(props.httpApi);
    this.alarms.add(this, 'Api5xxRateAlarm', {
      slug: 'api-5xx-rate',
      alarmDescription: `${ALARM_THRESHOLDS.api5xxPercent}% or more of the API's requests failed with a 5xx for 10 minutes. See ${RUNBOOK} "The portal shows errors".`,
      metric: api.serverErrorPercent,
      threshold: ALARM_THRESHOLDS.api5xxPercent,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
    });
    this.alarms.add(this, 'ApiLatencyP99Alarm', {
      slug: 'api-latency-p99',
      alarmDescription: `The slowest 1% of API requests took ${ALARM_THRESHOLDS.apiP99LatencyMs / 1000} s or longer for 15 minutes. See ${RUNBOOK} "The portal is slow".`,
      metric: api.latencyP99,
      threshold: ALARM_THRESHOLDS.apiP99LatencyMs,
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
    });

    const tables = (Object.keys(TABLES) as TableName[]).map((name) => this.tableAlarm(name, props.tables[name]));
    const ses = this.sesAlarms();
    this.creditAlarm(config);
    const outbox = this.outboxAlarms(config, props.outbox);
    this.webhookAlarm(config, props.webhookSenders);

    // Alarms are billed per metric they read, so each signal is read where it is cheapest and still says where to
    // look: errors per function (chunks), throttles once for the account (concurrency is the account's),
    // a route near its timeout once at the API (IntegrationLatency is the function's time), jobs per job.
    const routeChunks = functionChunks(props.routeFunctions);
    for (const chunk of routeChunks) this.errorsAlarm(chunk);
    const jobChunks = functionChunks(props.jobs);
    for (const chunk of jobChunks) this.durationAlarm(chunk);
    const jobFailures = props.jobs.map((job) => this.jobAlarm(job));
    const lambda = this.lambdaAccountAlarms(props.httpApi, props.routeFunctions);
    for (const consumer of props.eventConsumers) this.consumerAlarm(consumer);

    // The runbook's questions, saved in Logs Insights; the log groups are picked when a query is run.
    ON_CALL_QUERIES.forEach((query, index) => {
      // The L1 resource: the L2 QueryDefinition builds its text from parts and cannot take a written query.
      new logs.CfnQueryDefinition(this, `Query${index + 1}`, {
        name: queryDefinitionName(config.stage, index, query),
        queryString: query.query,
      });
    });

    this.dashboard = this.buildDashboard(props, {
      api,
      tables,
      ses,
      routeChunks,
      jobChunks,
      jobFailures,
      lambda,
      outbox,
    });
  }

  /**
   * The outbox's dead letters (docs/runbook.md "Outbox dead letters"): a notice parked in the dead-letter store
   * after its last try, counted from the line its consumer logs (a filter on each consumer's log group), and a
   * stream batch the stream consumer gave up on (its queue holds the batch's description).
   */
  private outboxAlarms(config: StageConfig, outbox: OutboxWatch) {
    const { logLine, namespace, name } = NOTICE_PARKED_METRIC;
    const metricName = name(config.stage);
    for (const { fn } of outbox.consumers) {
      // The logger writes one JSON object per line (lambdas/http/logger.ts): `level` and `msg` are its fields.
      fn.logGroup.addMetricFilter('NoticesParkedFilter', {
        filterPattern: logs.FilterPattern.all(
          logs.FilterPattern.stringValue('$.level', '=', 'error'),
          logs.FilterPattern.stringValue('$.msg', '=', logLine),
        ),
        metricNamespace: namespace,
        metricName,
        metricValue: '1',
      });
    }
    const parked = new cloudwatch.Metric({
      namespace,
      metricName,
      period: PERIOD,
      statistic: SUM,
      label: 'notices parked',
    });
    this.alarms.add(this, 'OutboxNoticesParkedAlarm', {
      slug: 'outbox-notices-parked',
      alarmDescription: `${ALARM_THRESHOLDS.outboxNoticesParked} or more notices were parked in the outbox's dead-letter store in 5 minutes, after their last try: their emails did not go out. See ${RUNBOOK} "Outbox dead letters".`,
      metric: parked,
      threshold: ALARM_THRESHOLDS.outboxNoticesParked,
      evaluationPeriods: 1,
    });
    const deadLetters = outbox.streamDeadLetters?.metricApproximateNumberOfMessagesVisible({
      period: PERIOD,
      statistic: cloudwatch.Stats.MAXIMUM,
      label: 'stream batches given up',
    });
    if (deadLetters) {
      this.alarms.add(this, 'OutboxStreamDeadLettersAlarm', {
        slug: 'outbox-stream-dead-letters',
        alarmDescription: `The outbox's stream consumer gave up on a batch of new notices (${ALARM_THRESHOLDS.outboxStreamDeadLetters} or more batches wait in its dead-letter queue). The notices stay pending and the deliverNotices job sends them within minutes; the consumer itself is failing. See ${RUNBOOK} "Outbox dead letters".`,
        metric: deadLetters,
        threshold: ALARM_THRESHOLDS.outboxStreamDeadLetters,
        evaluationPeriods: 1,
      });
    }
    return { parked, deadLetters };
  }

  /**
   * Outgoing webhooks a receiver never acknowledged, after about three days of tries
   * (docs/decisions/0105-outgoing-webhooks.md): counted from the line the deliverWebhooks job logs.
   */
  private webhookAlarm(config: StageConfig, senders: readonly WatchedFunction[]) {
    const { logLine, namespace, name } = WEBHOOK_FAILED_METRIC;
    const metricName = name(config.stage);
    for (const { fn } of senders) {
      fn.logGroup.addMetricFilter('WebhookDeliveriesFailedFilter', {
        filterPattern: logs.FilterPattern.all(
          logs.FilterPattern.stringValue('$.level', '=', 'error'),
          logs.FilterPattern.stringValue('$.msg', '=', logLine),
        ),
        metricNamespace: namespace,
        metricName,
        metricValue: '1',
      });
    }
    this.alarms.add(this, 'WebhookDeliveriesFailedAlarm', {
      slug: 'webhook-deliveries-failed',
      alarmDescription: `${ALARM_THRESHOLDS.webhookDeliveriesFailed} or more webhook deliveries failed in 5 minutes after their last try: a lab system did not acknowledge its events for about three days. See ${RUNBOOK} "Webhook deliveries failed".`,
      metric: new cloudwatch.Metric({
        namespace,
        metricName,
        period: PERIOD,
        statistic: SUM,
        label: 'webhooks failed',
      }),
      threshold: ALARM_THRESHOLDS.webhookDeliveriesFailed,
      evaluationPeriods: 1,
    });
  }

  /** The credit granted in a day (the money store's CREDIT_GRANTED_METRIC, one EMF line per committed grant). */
  private creditAlarm(config: StageConfig) {
    const { namespace, name, dimension } = CREDIT_GRANTED_METRIC;
    const dollars = (ALARM_THRESHOLDS.dailyCreditCents / 100).toLocaleString('en-US');
    this.alarms.add(this, 'DailyCreditAlarm', {
      slug: 'daily-credit-granted',
      alarmDescription: `$${dollars} or more of account credit was granted in one day. See ${RUNBOOK} "Much credit was granted today".`,
      metric: new cloudwatch.Metric({
        namespace,
        metricName: name,
        dimensionsMap: { [dimension]: config.stage },
        period: Duration.days(1),
        statistic: SUM,
      }),
      threshold: ALARM_THRESHOLDS.dailyCreditCents,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  private apiMetrics(httpApi: apigw.IHttpApi) {
    const requests = httpApi.metricCount({ period: PERIOD, statistic: SUM });
    const serverErrors = httpApi.metricServerError({ period: PERIOD, statistic: SUM });
    return {
      requestsPerMinute: httpApi.metricCount({ period: Duration.minutes(1), statistic: SUM, label: 'requests' }),
      serverErrorPercent: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${ALARM_THRESHOLDS.minimumRequests}, 100 * FILL(errors, 0) / requests, 0)`,
        usingMetrics: { requests, errors: serverErrors },
        label: '5xx %',
        period: PERIOD,
      }),
      latencyP50: httpApi.metricLatency({ period: PERIOD, statistic: 'p50', label: 'p50' }),
      latencyP99: httpApi.metricLatency({ period: PERIOD, statistic: 'p99', label: 'p99' }),
    };
  }

  /**
   * One alarm per table: its throttled reads and writes (on demand still throttles past a partition's limits
   * or twice the previous peak) and DynamoDB's own errors on every operation the portal uses.
   */
  private tableAlarm(name: TableName, table: dynamodb.ITable) {
    const metric = (metricName: string, dimensions: Record<string, string> = {}) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: table.tableName, ...dimensions },
        period: PERIOD,
        statistic: SUM,
      });
    // Ids unique per table: the dashboard graphs every table's expression side by side.
    const throttleMetrics = {
      [`${name}_reads`]: metric('ReadThrottleEvents'),
      [`${name}_writes`]: metric('WriteThrottleEvents'),
    };
    const errorMetrics = Object.fromEntries(
      DYNAMODB_OPERATIONS.map((operation) => [
        `${name}_${operation}`,
        metric('SystemErrors', { Operation: operation }),
      ]),
    );
    const sum = (metrics: Record<string, cloudwatch.IMetric>) =>
      new cloudwatch.MathExpression({
        expression: `SUM([${Object.keys(metrics).join(', ')}])`,
        usingMetrics: metrics,
        label: name,
        period: PERIOD,
      });
    const throttles = sum(throttleMetrics);
    const systemErrors = sum(errorMetrics);
    const both = sum({ ...throttleMetrics, ...errorMetrics });
    const id = `${name[0]!.toUpperCase()}${name.slice(1)}`;
    this.alarms.add(this, `${id}TableAlarm`, {
      slug: `dynamodb-${kebab(name)}`,
      alarmDescription: `The ${name} table throttled requests or DynamoDB failed some of them (system errors). See ${RUNBOOK} "A table throttles or fails".`,
      metric: both,
      threshold: ALARM_THRESHOLDS.dynamoDbThrottlesAndErrors,
      evaluationPeriods: 1,
    });
    return { throttles, systemErrors };
  }

  /** SES reputation of the account: what SES itself acts on when it reviews or pauses sending. */
  private sesAlarms() {
    const metric = (metricName: string, label: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName,
        period: Duration.hours(1),
        statistic: cloudwatch.Stats.MAXIMUM,
        label,
      });
    const bounceRate = metric('Reputation.BounceRate', 'bounce rate');
    const complaintRate = metric('Reputation.ComplaintRate', 'complaint rate');
    const percent = (rate: number) => `${Math.round(rate * 10_000) / 100}%`;
    this.alarms.add(this, 'SesBounceRateAlarm', {
      slug: 'ses-bounce-rate',
      alarmDescription: `SES counts ${percent(ALARM_THRESHOLDS.sesBounceRate)} or more of the account's recent emails as bounced; AWS reviews the account at 5%. See ${RUNBOOK} "Emails do not arrive".`,
      metric: bounceRate,
      threshold: ALARM_THRESHOLDS.sesBounceRate,
      evaluationPeriods: 1,
    });
    this.alarms.add(this, 'SesComplaintRateAlarm', {
      slug: 'ses-complaint-rate',
      alarmDescription: `Recipients marked ${percent(ALARM_THRESHOLDS.sesComplaintRate)} or more of the account's recent emails as spam; AWS reviews the account at 0.1%. See ${RUNBOOK} "Emails do not arrive".`,
      metric: complaintRate,
      threshold: ALARM_THRESHOLDS.sesComplaintRate,
      evaluationPeriods: 1,
    });
    return { bounceRate, complaintRate };
  }

  /** Failed invocations of one chunk of route functions, alarmed in the chunk's own nested stack. */
  private errorsAlarm(chunk: FunctionChunk): void {
    const names = chunk.functions.map((f) => f.name).join(', ');
    this.alarms.add(chunk.stack, `${chunk.idPrefix}ErrorsAlarm`, {
      slug: `${chunk.label}-errors`,
      alarmDescription: `${ALARM_THRESHOLDS.lambdaErrors} or more invocations crashed or timed out in 5 minutes, in: ${names}. See ${RUNBOOK} "The portal shows errors".`,
      metric: chunkErrors(chunk),
      threshold: ALARM_THRESHOLDS.lambdaErrors,
      evaluationPeriods: 1,
    });
  }

  /** The slowest invocation of a chunk (the jobs) near its timeout. */
  private durationAlarm(chunk: FunctionChunk): void {
    const names = chunk.functions.map((f) => f.name).join(', ');
    this.alarms.add(chunk.stack, `${chunk.idPrefix}DurationAlarm`, {
      slug: `${chunk.label}-near-timeout`,
      alarmDescription: `An invocation took ${ALARM_THRESHOLDS.lambdaDurationPercentOfTimeout}% or more of its ${chunk.timeout.toSeconds()} s timeout, in: ${names}. See ${RUNBOOK} "The portal is slow".`,
      metric: chunkDurationPercent(chunk),
      threshold: ALARM_THRESHOLDS.lambdaDurationPercentOfTimeout,
      evaluationPeriods: 1,
    });
  }

  /**
   * Throttles of the whole account (Lambda refuses invocations when the account's concurrency is used up, which
   * no single function causes or escapes), and the slowest route near the routes' timeout: API Gateway's
   * IntegrationLatency is the time it waited for a route's function.
   */
  private lambdaAccountAlarms(httpApi: apigw.IHttpApi, routeFunctions: readonly WatchedFunction[]) {
    const throttles = new cloudwatch.Metric({
      namespace: 'AWS/Lambda',
      metricName: 'Throttles',
      period: PERIOD,
      statistic: SUM,
      label: 'throttled invocations (account)',
    });
    this.alarms.add(this, 'LambdaThrottlesAlarm', {
      slug: 'lambda-throttles',
      alarmDescription: `Lambda refused invocations in this account and region (its concurrency ran out); every stage in the account shares it. See ${RUNBOOK} "The portal is slow".`,
      metric: throttles,
      threshold: ALARM_THRESHOLDS.lambdaThrottles,
      evaluationPeriods: 1,
    });
    const timeoutMs = Math.max(...routeFunctions.map(({ fn }) => (fn.timeout ?? Duration.seconds(3)).toMilliseconds()));
    const slowest = httpApi.metricIntegrationLatency({
      period: PERIOD,
      statistic: cloudwatch.Stats.MAXIMUM,
      label: 'slowest route (ms)',
    });
    const nearTimeoutMs = (timeoutMs * ALARM_THRESHOLDS.lambdaDurationPercentOfTimeout) / 100;
    this.alarms.add(this, 'ApiNearTimeoutAlarm', {
      slug: 'api-near-timeout',
      alarmDescription: `A route's function took ${ALARM_THRESHOLDS.lambdaDurationPercentOfTimeout}% or more of its ${timeoutMs / 1000} s timeout. See ${RUNBOOK} "The portal is slow".`,
      metric: slowest,
      threshold: nearTimeoutMs,
      evaluationPeriods: 1,
    });
    return { throttles, slowest, nearTimeoutMs };
  }

  /**
   * A scheduled job failed: every attempt threw (Lambda retries an asynchronous invocation twice), or EventBridge
   * could not invoke the function at all. One failed attempt that a retry makes good pages nobody.
   */
  private jobAlarm(job: ScheduledJobFunction): cloudwatch.MathExpression {
    const hour = Duration.hours(1);
    const failed = new cloudwatch.MathExpression({
      expression: `IF(FILL(${job.name}_errors, 0) >= ${JOB_ATTEMPTS} OR FILL(${job.name}_undelivered, 0) >= 1, 1, 0)`,
      usingMetrics: {
        [`${job.name}_errors`]: job.fn.metricErrors({ period: hour, statistic: SUM }),
        [`${job.name}_undelivered`]: new cloudwatch.Metric({
          namespace: 'AWS/Events',
          metricName: 'FailedInvocations',
          dimensionsMap: { RuleName: job.rule.ruleName },
          period: hour,
          statistic: SUM,
        }),
      },
      label: job.name,
      period: hour,
    });
    const id = `${job.name[0]!.toUpperCase()}${job.name.slice(1)}`;
    this.alarms.add(Stack.of(job.fn), `${id}JobFailedAlarm`, {
      slug: `job-${kebab(job.name)}-failed`,
      alarmDescription: `The scheduled job ${job.name} failed: all ${JOB_ATTEMPTS} attempts threw, or EventBridge could not start it. It is safe to run again. See ${RUNBOOK} "A daily job failed".`,
      metric: failed,
      threshold: 1,
      evaluationPeriods: 1,
    });
    return failed;
  }

  /** Any failed invocation of an event consumer: after Lambda's two retries the event is gone. */
  private consumerAlarm(consumer: WatchedFunction): void {
    const id = `${consumer.name[0]!.toUpperCase()}${consumer.name.slice(1)}`;
    this.alarms.add(this, `${id}ErrorsAlarm`, {
      slug: `${kebab(consumer.name)}-errors`,
      alarmDescription: `${consumer.name} failed to handle an event; SES's own suppression list still protects sending, but the portal may not show the address as suppressed. See ${RUNBOOK} "Emails do not arrive".`,
      metric: consumer.fn.metricErrors({ period: PERIOD, statistic: SUM }),
      threshold: 1,
      evaluationPeriods: 1,
    });
  }

  private buildDashboard(
    props: MonitoringProps,
    parts: {
      api: ReturnType<Monitoring['apiMetrics']>;
      tables: ReturnType<Monitoring['tableAlarm']>[];
      ses: ReturnType<Monitoring['sesAlarms']>;
      routeChunks: FunctionChunk[];
      jobChunks: FunctionChunk[];
      jobFailures: cloudwatch.MathExpression[];
      lambda: ReturnType<Monitoring['lambdaAccountAlarms']>;
      outbox: ReturnType<Monitoring['outboxAlarms']>;
    },
  ): cloudwatch.Dashboard {
    const { config } = props;
    const graph = (title: string, left: cloudwatch.IMetric[], extra: Partial<cloudwatch.GraphWidgetProps> = {}) =>
      new cloudwatch.GraphWidget({ title, left, width: 8, height: 6, ...extra });
    const line = (value: number, label: string) => ({ value, label, color: cloudwatch.Color.RED });
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: this.dashboardName,
      defaultInterval: Duration.hours(24),
    });
    dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `# Lenslab Portal: ${config.stage}\nEvery alarm of the stage and what it watches. What to do when one fires: ${RUNBOOK} in the portal's repository. CloudFront's 5xx alarm lives in us-east-1 (stack LenslabPortalEdge-${config.stage}).`,
        width: 24,
        height: 2,
      }),
    );
    const alarms = this.alarms.alarms;
    for (let start = 0; start < alarms.length; start += 100) {
      dashboard.addWidgets(
        new cloudwatch.AlarmStatusWidget({
          title: 'Alarms',
          alarms: alarms.slice(start, start + 100),
          sortBy: cloudwatch.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
          width: 24,
          height: 6,
        }),
      );
    }
    const { api, tables, ses } = parts;
    dashboard.addWidgets(
      graph('API requests per minute', [api.requestsPerMinute]),
      graph('API 5xx rate (%)', [api.serverErrorPercent], {
        leftAnnotations: [line(ALARM_THRESHOLDS.api5xxPercent, 'alarm')],
      }),
      graph('API latency (ms)', [api.latencyP50, api.latencyP99], {
        leftAnnotations: [line(ALARM_THRESHOLDS.apiP99LatencyMs, 'p99 alarm')],
      }),
    );
    dashboard.addWidgets(
      graph(
        'CloudFront 5xx rate (%)',
        [
          cloudFrontMetric(props.distribution.distributionId, '5xxErrorRate', {
            statistic: cloudwatch.Stats.AVERAGE,
            label: '5xx %',
          }),
        ],
        { leftAnnotations: [line(ALARM_THRESHOLDS.cloudFront5xxPercent, 'alarm')] },
      ),
      graph(
        'DynamoDB throttled requests',
        tables.map((t) => t.throttles),
      ),
      graph(
        'DynamoDB system errors',
        tables.map((t) => t.systemErrors),
      ),
    );
    dashboard.addWidgets(
      graph('Lambda errors (route functions)', parts.routeChunks.map(chunkErrors), {
        leftAnnotations: [line(ALARM_THRESHOLDS.lambdaErrors, 'alarm')],
      }),
      graph('Lambda throttles (account)', [parts.lambda.throttles]),
      graph('Slowest route (ms)', [parts.lambda.slowest], {
        leftAnnotations: [line(parts.lambda.nearTimeoutMs, 'alarm')],
      }),
    );
    dashboard.addWidgets(
      graph('SES bounce rate', [ses.bounceRate], {
        leftAnnotations: [line(ALARM_THRESHOLDS.sesBounceRate, 'alarm')],
      }),
      graph('SES complaint rate', [ses.complaintRate], {
        leftAnnotations: [line(ALARM_THRESHOLDS.sesComplaintRate, 'alarm')],
      }),
      graph('Scheduled jobs failed (1 = failed)', parts.jobFailures),
    );
    const { parked, deadLetters } = parts.outbox;
    dashboard.addWidgets(
      graph('Scheduled jobs: slowest run (% of timeout)', parts.jobChunks.map(chunkDurationPercent), {
        leftAnnotations: [line(ALARM_THRESHOLDS.lambdaDurationPercentOfTimeout, 'alarm')],
      }),
      graph('Outbox dead letters', deadLetters ? [parked, deadLetters] : [parked], {
        leftAnnotations: [line(ALARM_THRESHOLDS.outboxNoticesParked, 'alarm')],
      }),
    );
    return dashboard;
  }
}
