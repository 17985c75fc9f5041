import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { TABLES, type TableName } from '../../core/data/tables';
import { JOBS } from '../../core/jobs';
import { CREDIT_GRANTED_METRIC } from '../../core/money-metrics';
import { ROUTE_LIST, ROUTES } from '../../core/routes';
import { tableLogicalId } from '../../infra/constructs/data';
import { DYNAMODB_OPERATIONS } from '../../infra/constructs/monitoring';
import { EDGE_REGION, EdgeMonitoringStack } from '../../infra/edge-monitoring-stack';
import { ON_CALL_QUERIES } from '../../infra/log-queries';
import { parseStageConfig, stageDefinitions, type StageConfig } from '../../infra/stage-config';
import { REPO_ROOT } from '../../infra/repo-paths';
import { addStageStacks } from '../../infra/stage-stacks';
import { nagFindings } from './support/nag-findings';
import { cdkJsonContext, synthPortal, tempDir, type SynthResult } from './support/synth-portal';
import { render, resourcesOf, type Resource } from './support/template-walk';

/**
 * Alarms and the dashboard of a stage (issue item 2; infra/constructs/monitoring.ts): what each alarm watches,
 * when it fires, that it reaches the stage's topic, and that the dashboard shows all of it.
 */

let prod: SynthResult;
let staging: SynthResult;
beforeAll(() => {
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
  staging = synthPortal({
    stage: 'staging',
    functionCode: 'placeholder',
    routes: [ROUTES.getMyProfile, ROUTES.closeOrder],
    override: (d) => ({
      ...d,
      monitoring: { ...d.monitoring, alarmEmails: ['oncall@lab.example', 'lead@lab.example'] },
    }),
  });
});

interface MetricQuery {
  Id: string;
  Expression?: string;
  ReturnData?: boolean;
  MetricStat?: {
    Metric: { MetricName: string; Namespace: string; Dimensions?: { Name: string; Value: unknown }[] };
    Period: number;
    Stat: string;
  };
}

interface WatchedMetric {
  name: string;
  namespace: string;
  stat: string;
  period: number;
  dimensions: Record<string, string>;
}

const alarmsOf = (result: SynthResult) => Object.entries(resourcesOf(result.template, 'AWS::CloudWatch::Alarm'));

function alarmEntry(result: SynthResult, name: string): [string, Resource] {
  const found = alarmsOf(result).filter(([, alarm]) => alarm.Properties?.AlarmName === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
}
const alarmNamed = (result: SynthResult, name: string) => alarmEntry(result, name)[1].Properties!;

const queries = (alarm: Record<string, unknown>) => (alarm.Metrics as MetricQuery[] | undefined) ?? [];
const expressionOf = (alarm: Record<string, unknown>) => queries(alarm).find((q) => q.ReturnData)?.Expression;

/** The metrics an alarm reads, its dimension values rendered (`${OrdersTable}`). */
function metricsOf(alarm: Record<string, unknown>): WatchedMetric[] {
  return queries(alarm)
    .filter((q) => q.MetricStat)
    .map(({ MetricStat: stat }) => ({
      name: stat!.Metric.MetricName,
      namespace: stat!.Metric.Namespace,
      stat: stat!.Stat,
      period: stat!.Period,
      dimensions: Object.fromEntries((stat!.Metric.Dimensions ?? []).map((d) => [d.Name, render(d.Value)])),
    }));
}

/** The logical ids of the functions whose `metricName` an alarm reads. */
const functionsRead = (alarm: Record<string, unknown>, metricName: string) =>
  metricsOf(alarm)
    .filter((m) => m.namespace === 'AWS/Lambda' && m.name === metricName)
    .map((m) => m.dimensions.FunctionName!.slice(2, -1));

function routeFunctionIds(result: SynthResult): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [id, fn] of Object.entries(resourcesOf(result.template, 'AWS::Lambda::Function'))) {
    const description = String(fn.Properties?.Description ?? '');
    if (description.startsWith('POST /api/')) ids.set(description.slice('POST /api/'.length), id);
  }
  return ids;
}

function jobFunctionId(result: SynthResult, job: string): string {
  const [id] = Object.entries(resourcesOf(result.template, 'AWS::Lambda::Function')).find(([, fn]) =>
    String(fn.Properties?.Description ?? '').startsWith(`Scheduled job ${job}:`),
  )!;
  return id;
}

/** The stack (construct path) whose own template holds a logical id. */
const stackHolding = (result: SynthResult, logicalId: string) =>
  result.stacks.find((t) => Object.hasOwn(t.json.Resources ?? {}, logicalId))?.path;

const topicId = (result: SynthResult) => {
  const ids = Object.keys(resourcesOf(result.template, 'AWS::SNS::Topic'));
  expect(ids).toHaveLength(1);
  return ids[0]!;
};

describe('the alarm topic', () => {
  test('prod mails its alarms to the addresses of its stage config', () => {
    const subscriptions = Object.values(resourcesOf(prod.template, 'AWS::SNS::Subscription'));
    expect(subscriptions.map((s) => [s.Properties?.Protocol, s.Properties?.Endpoint])).toEqual([
      ['email', 'ops@lenslab.example'],
    ]);
    expect(render(subscriptions[0]!.Properties?.TopicArn)).toBe(`\${${topicId(prod)}}`);
  });

  test('every address in monitoring.alarmEmails becomes one email subscription', () => {
    const endpoints = Object.values(resourcesOf(staging.template, 'AWS::SNS::Subscription')).map(
      (s) => s.Properties?.Endpoint,
    );
    expect(endpoints.sort()).toEqual(['lead@lab.example', 'oncall@lab.example']);
  });

  test('the topic refuses publishers without TLS', () => {
    const policies = Object.values(resourcesOf(prod.template, 'AWS::SNS::TopicPolicy'));
    expect(render(policies.map((p) => p.Properties?.PolicyDocument))).toContain('"aws:SecureTransport":"false"');
  });

  test('every alarm notifies the topic when it fires and when it clears, and no data counts as fine', () => {
    const topic = `\${${topicId(prod)}}`;
    const alarms = alarmsOf(prod);
    expect(alarms.length).toBeGreaterThan(20);
    for (const [id, alarm] of alarms) {
      const p = alarm.Properties!;
      expect(render(p.AlarmActions), id).toBe(topic);
      expect(render(p.OKActions), id).toBe(topic);
      expect(p.TreatMissingData, id).toBe('notBreaching');
      expect(String(p.AlarmName), id).toMatch(/^lenslab-prod-[a-z0-9-]+$/);
      expect(String(p.AlarmDescription), id).toContain('docs/runbook.md');
    }
    const names = alarms.map(([, a]) => a.Properties?.AlarmName);
    expect(new Set(names).size).toBe(names.length);
  });

  test('no alarm reads more than the 10 metrics CloudWatch allows', () => {
    for (const [id, alarm] of alarmsOf(prod)) expect(metricsOf(alarm.Properties!).length, id).toBeLessThanOrEqual(10);
  });
});

describe('API alarms', () => {
  test('5xx rate: 5% or more of at least 5 requests, two 5-minute periods in a row', () => {
    const alarm = alarmNamed(prod, 'lenslab-prod-api-5xx-rate');
    const [apiId] = Object.keys(resourcesOf(prod.template, 'AWS::ApiGatewayV2::Api'));
    expect(metricsOf(alarm)).toEqual([
      { name: 'Count', namespace: 'AWS/ApiGateway', stat: 'Sum', period: 300, dimensions: { ApiId: `\${${apiId}}` } },
      { name: '5xx', namespace: 'AWS/ApiGateway', stat: 'Sum', period: 300, dimensions: { ApiId: `\${${apiId}}` } },
    ]);
    expect(expressionOf(alarm)).toBe('IF(requests >= 5, 100 * FILL(errors, 0) / requests, 0)');
    expect(alarm).toMatchObject({
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
    });
  });

  test('p99 latency: 5 s or more, three 5-minute periods in a row', () => {
    const alarm = alarmNamed(prod, 'lenslab-prod-api-latency-p99');
    const [apiId] = Object.keys(resourcesOf(prod.template, 'AWS::ApiGatewayV2::Api'));
    expect(metricsOf(alarm)).toEqual([
      { name: 'Latency', namespace: 'AWS/ApiGateway', stat: 'p99', period: 300, dimensions: { ApiId: `\${${apiId}}` } },
    ]);
    expect(alarm).toMatchObject({ Threshold: 5000, EvaluationPeriods: 3, DatapointsToAlarm: 3 });
  });
});

describe('money alarms', () => {
  test('the day’s credit: $5,000 or more granted in one day, from the Lambdas’ EMF metric of the stage (docs/decisions/0093-an-alarm-on-the-credit-granted-each-day.md)', () => {
    const alarm = alarmNamed(prod, 'lenslab-prod-daily-credit-granted');
    expect(alarm).toMatchObject({
      Namespace: CREDIT_GRANTED_METRIC.namespace,
      MetricName: CREDIT_GRANTED_METRIC.name,
      Dimensions: [{ Name: CREDIT_GRANTED_METRIC.dimension, Value: 'prod' }],
      Statistic: 'Sum',
      Period: 86_400,
      Threshold: 500_000,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
  });
});

describe('Lambda alarms', () => {
  test('every route function is in exactly one errors alarm, alarmed in its own nested stack', () => {
    const watched = alarmsOf(prod)
      .filter(([, a]) => String(a.Properties?.AlarmName).endsWith('-errors'))
      .flatMap(([alarmId, a]) => functionsRead(a.Properties!, 'Errors').map((fnId) => ({ alarmId, fnId })));
    const functions = routeFunctionIds(prod);
    expect(functions.size).toBe(ROUTE_LIST.length);
    for (const [route, fnId] of functions) {
      const alarms = watched.filter((w) => w.fnId === fnId);
      expect(alarms, route).toHaveLength(1);
      expect(stackHolding(prod, alarms[0]!.alarmId), route).toBe(stackHolding(prod, fnId));
    }
  });

  test('errors: 3 or more failed invocations of a chunk in 5 minutes, the routes named', () => {
    const errors = alarmNamed(prod, 'lenslab-prod-orders-routes-1-errors');
    expect(expressionOf(errors)).toMatch(/^SUM\(\[ordersroutes1_f1, ordersroutes1_f2, .*\]\)$/);
    expect(metricsOf(errors).every((m) => m.stat === 'Sum' && m.period === 300)).toBe(true);
    expect(errors).toMatchObject({ Threshold: 3, EvaluationPeriods: 1 });
    expect(String(errors.AlarmDescription)).toContain('getOrder');
  });

  test('a folder of more than 10 routes is watched in chunks of at most 10', () => {
    const orders = ROUTE_LIST.filter((r) => r.handler.startsWith('orders/')).length;
    expect(orders).toBeGreaterThan(10);
    expect(functionsRead(alarmNamed(prod, 'lenslab-prod-orders-routes-1-errors'), 'Errors')).toHaveLength(10);
    expect(functionsRead(alarmNamed(prod, 'lenslab-prod-orders-routes-2-errors'), 'Errors')).toHaveLength(orders - 10);
  });

  test('throttles: any throttled invocation in the account (its concurrency is shared by every function)', () => {
    const alarm = alarmNamed(prod, 'lenslab-prod-lambda-throttles');
    expect(metricsOf(alarm)).toEqual([
      { name: 'Throttles', namespace: 'AWS/Lambda', stat: 'Sum', period: 300, dimensions: {} },
    ]);
    expect(alarm).toMatchObject({ Threshold: 1, EvaluationPeriods: 1 });
  });

  test('near timeout: the slowest route at 80% of the 29 s route timeout, as the API waited for it', () => {
    const alarm = alarmNamed(prod, 'lenslab-prod-api-near-timeout');
    const [apiId] = Object.keys(resourcesOf(prod.template, 'AWS::ApiGatewayV2::Api'));
    expect(metricsOf(alarm)).toEqual([
      {
        name: 'IntegrationLatency',
        namespace: 'AWS/ApiGateway',
        stat: 'Maximum',
        period: 300,
        dimensions: { ApiId: `\${${apiId}}` },
      },
    ]);
    expect(alarm).toMatchObject({ Threshold: 23_200, EvaluationPeriods: 1 });
  });

  test('job functions: their slowest run at 80% of the 5-minute job timeout; the route error alarms leave them out', () => {
    const ids = JOBS.map((job) => jobFunctionId(prod, job.name));
    const duration = alarmNamed(prod, 'lenslab-prod-jobs-1-near-timeout');
    expect(functionsRead(duration, 'Duration').sort()).toEqual([...ids].sort());
    const metricIds = ids.map((_, i) => `jobs1_f${i + 1}`).join(', ');
    expect(expressionOf(duration)).toBe(`100 * MAX([${metricIds}]) / 300000`);
    expect(metricsOf(duration).every((m) => m.stat === 'Maximum')).toBe(true);
    expect(duration).toMatchObject({ Threshold: 80 });
    const errorAlarms = alarmsOf(prod).filter(([, a]) => String(a.Properties?.AlarmName).endsWith('-errors'));
    for (const id of ids) {
      expect(errorAlarms.filter(([, a]) => functionsRead(a.Properties!, 'Errors').includes(id))).toEqual([]);
    }
  });

  test('the alarms read about 350 metrics, the unit CloudWatch bills alarms by (docs/cost.md)', () => {
    const metrics = alarmsOf(prod).reduce((sum, [, a]) => sum + Math.max(1, metricsOf(a.Properties!).length), 0);
    expect(metrics).toBeGreaterThan(300);
    expect(metrics).toBeLessThan(400);
  });
});

describe('scheduled job alarms', () => {
  test.each(JOBS.map((job) => [job.name] as const))(
    '%s: fires when all 3 attempts threw or EventBridge could not start it',
    (name) => {
      const slug = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
      const alarm = alarmNamed(prod, `lenslab-prod-job-${slug}-failed`);
      const fnId = jobFunctionId(prod, name);
      const [ruleId] = Object.entries(resourcesOf(prod.template, 'AWS::Events::Rule')).find(([, rule]) =>
        render(rule.Properties?.Targets).includes(fnId),
      )!;
      expect(metricsOf(alarm)).toEqual([
        {
          name: 'Errors',
          namespace: 'AWS/Lambda',
          stat: 'Sum',
          period: 3600,
          dimensions: { FunctionName: `\${${fnId}}` },
        },
        {
          name: 'FailedInvocations',
          namespace: 'AWS/Events',
          stat: 'Sum',
          period: 3600,
          dimensions: { RuleName: `\${${ruleId}}` },
        },
      ]);
      expect(expressionOf(alarm)).toBe(`IF(FILL(${name}_errors, 0) >= 3 OR FILL(${name}_undelivered, 0) >= 1, 1, 0)`);
      expect(alarm).toMatchObject({ Threshold: 1, EvaluationPeriods: 1 });
      const [alarmId] = alarmEntry(prod, `lenslab-prod-job-${slug}-failed`);
      expect(stackHolding(prod, alarmId)).toBe(stackHolding(prod, fnId));
      expect(stackHolding(prod, alarmId)).toMatch(/\/Jobs$/);
    },
  );

  test("3 attempts is Lambda's default for a scheduled (asynchronous) invocation: no function changes it", () => {
    expect(resourcesOf(prod.template, 'AWS::Lambda::EventInvokeConfig')).toEqual({});
  });
});

describe('DynamoDB alarms', () => {
  test.each((Object.keys(TABLES) as TableName[]).map((name) => [name] as const))(
    '%s: one alarm on its throttled reads and writes and its system errors of every operation the portal uses',
    (name) => {
      const slug = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
      const alarm = alarmNamed(prod, `lenslab-prod-dynamodb-${slug}`);
      const table = `\${${tableLogicalId(TABLES[name])}}`;
      const read = metricsOf(alarm);
      expect(
        read.every((m) => m.namespace === 'AWS/DynamoDB' && m.stat === 'Sum' && m.dimensions.TableName === table),
      ).toBe(true);
      expect(read.filter((m) => m.name !== 'SystemErrors').map((m) => m.name)).toEqual([
        'ReadThrottleEvents',
        'WriteThrottleEvents',
      ]);
      expect(read.filter((m) => m.name === 'SystemErrors').map((m) => m.dimensions.Operation)).toEqual([
        ...DYNAMODB_OPERATIONS,
      ]);
      expect(expressionOf(alarm)).toMatch(/^SUM\(\[/);
      expect(alarm).toMatchObject({ Threshold: 1, EvaluationPeriods: 1 });
    },
  );
});

describe('the DynamoDB operations the alarms read', () => {
  // The SDK command each operation is sent with (lib-dynamodb's names, or the client's with "Item").
  const OPERATION_OF: Record<string, string> = {
    Get: 'GetItem',
    Put: 'PutItem',
    Update: 'UpdateItem',
    Delete: 'DeleteItem',
    Query: 'Query',
    Scan: 'Scan',
    BatchGet: 'BatchGetItem',
    BatchWrite: 'BatchWriteItem',
    TransactGet: 'TransactGetItems',
    TransactWrite: 'TransactWriteItems',
  };

  test('every operation a deployed function sends is one whose system errors the table alarms read', () => {
    const sent = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts')) {
          for (const match of readFileSync(path, 'utf8').matchAll(
            /new (Get|Put|Update|Delete|Query|Scan|BatchGet|BatchWrite|TransactGet|TransactWrite)(?:Item)?Command\(/g,
          )) {
            sent.add(OPERATION_OF[match[1]!]!);
          }
        }
      }
    };
    walk(join(REPO_ROOT, 'lambdas'));
    expect(sent.size).toBeGreaterThan(3);
    expect([...sent].filter((op) => !(DYNAMODB_OPERATIONS as readonly string[]).includes(op))).toEqual([]);
  });
});

describe('SES alarms', () => {
  test('bounce rate at 4% and complaint rate at 0.08%, a step before AWS reviews the account', () => {
    const reputation = (name: string) => [
      { name, namespace: 'AWS/SES', stat: 'Maximum', period: 3600, dimensions: {} },
    ];
    const bounces = alarmNamed(prod, 'lenslab-prod-ses-bounce-rate');
    expect(metricsOf(bounces)).toEqual(reputation('Reputation.BounceRate'));
    expect(bounces).toMatchObject({ Threshold: 0.04, EvaluationPeriods: 1 });
    const complaints = alarmNamed(prod, 'lenslab-prod-ses-complaint-rate');
    expect(metricsOf(complaints)).toEqual(reputation('Reputation.ComplaintRate'));
    expect(complaints).toMatchObject({ Threshold: 0.0008, EvaluationPeriods: 1 });
  });
});

describe('the dashboard', () => {
  interface Widget {
    type: string;
    properties: { title?: string; alarms?: string[]; metrics?: unknown[]; markdown?: string };
  }
  const widgets = (result: SynthResult): Widget[] => {
    const dashboards = Object.values(resourcesOf(result.template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    return (JSON.parse(render(dashboards[0]!.Properties?.DashboardBody)) as { widgets: Widget[] }).widgets;
  };

  test('one dashboard per stage, named for it', () => {
    const [dashboard] = Object.values(resourcesOf(prod.template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboard!.Properties?.DashboardName).toBe('lenslab-portal-prod');
  });

  test('it lists the state of every alarm of the stack', () => {
    const listed = widgets(prod)
      .filter((w) => w.type === 'alarm')
      .flatMap((w) => w.properties.alarms ?? []);
    const alarmArns = alarmsOf(prod).map(([id]) => `\${${id}.Arn}`);
    expect(listed.sort()).toEqual(alarmArns.sort());
  });

  test('it graphs the request rate beside what the alarms watch', () => {
    const titles = widgets(prod).map((w) => w.properties.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'API requests per minute',
        'API 5xx rate (%)',
        'API latency (ms)',
        'CloudFront 5xx rate (%)',
        'DynamoDB throttled requests',
        'DynamoDB system errors',
        'Lambda errors (route functions)',
        'Lambda throttles (account)',
        'Slowest route (ms)',
        'Scheduled jobs: slowest run (% of timeout)',
        'SES bounce rate',
        'SES complaint rate',
        'Scheduled jobs failed (1 = failed)',
        'Outbox dead letters',
      ]),
    );
    const requests = widgets(prod).find((w) => w.properties.title === 'API requests per minute')!;
    expect(JSON.stringify(requests.properties.metrics)).toContain('"AWS/ApiGateway","Count"');
    const cloudFront = widgets(prod).find((w) => w.properties.title === 'CloudFront 5xx rate (%)')!;
    expect(JSON.stringify(cloudFront.properties.metrics)).toContain('"region":"us-east-1"');
  });

  test('the stack outputs the dashboard address and the alarm topic', () => {
    const outputs = prod.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(render(outputs.DashboardUrl!.Value)).toContain('#dashboards/dashboard/lenslab-portal-prod');
    expect(render(outputs.AlarmTopicArn!.Value)).toBe(`\${${topicId(prod)}}`);
  });
});

describe("the runbook's log queries", () => {
  test('the five questions are saved in Logs Insights under the stage, exactly as the runbook prints them', () => {
    const saved = Object.values(resourcesOf(prod.template, 'AWS::Logs::QueryDefinition')).map((q) => q.Properties!);
    expect(saved.map((q) => q.Name)).toEqual([
      'lenslab-prod/1 order',
      'lenslab-prod/2 user-error',
      'lenslab-prod/3 failing-now',
      'lenslab-prod/4 slow-routes',
      'lenslab-prod/5 emails',
    ]);
    expect(saved.map((q) => q.QueryString)).toEqual(ON_CALL_QUERIES.map((q) => q.query));
    const runbook = readFileSync(join(REPO_ROOT, 'docs', 'runbook.md'), 'utf8');
    for (const query of ON_CALL_QUERIES) {
      expect(runbook, query.name).toContain(query.question);
      expect(runbook, query.name).toContain(query.query);
    }
  });

  test('each query names every field it declares it reads', () => {
    for (const query of ON_CALL_QUERIES) {
      for (const field of query.reads) expect(query.query, `${query.name}: ${field}`).toContain(field);
    }
  });
});

describe('the CloudFront alarm (us-east-1 stack)', () => {
  const prodConfig = (): StageConfig =>
    parseStageConfig({ ...stageDefinitions({}).prod!, account: '123456789012', region: 'eu-west-1' });
  let edge: Template;
  let edgeFindings: string[];
  beforeAll(() => {
    const app = new App({ outdir: tempDir('lenslab-edge-') });
    const stack = new EdgeMonitoringStack(app, 'LenslabPortalEdge-prod', {
      config: prodConfig(),
      portalRegion: 'eu-west-1',
    });
    edgeFindings = nagFindings(app);
    app.synth();
    edge = Template.fromStack(stack);
  });

  test('lives in us-east-1, where CloudFront publishes its metrics', () => {
    expect(EDGE_REGION).toBe('us-east-1');
  });

  test('5xx rate: 5% or more of at least 5 requests, two periods in a row, of the distribution the portal stack outputs', () => {
    const alarms = Object.values(edge.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    expect(alarms).toHaveLength(1);
    const alarm = alarms[0]!.Properties!;
    expect(alarm.AlarmName).toBe('lenslab-prod-cloudfront-5xx-rate');
    const distribution = {
      'Fn::GetStackOutput': { StackName: 'LenslabPortal-prod', OutputName: 'DistributionId', Region: 'eu-west-1' },
    };
    const metrics = queries(alarm).filter((q) => q.MetricStat);
    expect(metrics.map((q) => [q.MetricStat!.Metric.MetricName, q.MetricStat!.Stat])).toEqual([
      ['Requests', 'Sum'],
      ['5xxErrorRate', 'Average'],
    ]);
    for (const q of metrics) {
      expect(q.MetricStat!.Metric.Namespace).toBe('AWS/CloudFront');
      expect(q.MetricStat!.Metric.Dimensions).toEqual([
        { Name: 'DistributionId', Value: distribution },
        { Name: 'Region', Value: 'Global' },
      ]);
    }
    expect(expressionOf(alarm)).toBe('IF(requests >= 5, FILL(rate, 0), 0)');
    expect(alarm).toMatchObject({ Threshold: 5, EvaluationPeriods: 2, DatapointsToAlarm: 2 });
  });

  test('it has a topic of its own in us-east-1, mailing the same addresses', () => {
    const subscriptions = Object.values(edge.findResources('AWS::SNS::Subscription')) as Resource[];
    expect(subscriptions.map((s) => s.Properties?.Endpoint)).toEqual(['ops@lenslab.example']);
    const [alarm] = Object.values(edge.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    const [topic] = Object.keys(edge.findResources('AWS::SNS::Topic'));
    expect(render(alarm!.Properties?.AlarmActions)).toBe(`\${${topic}}`);
  });

  test('cdk-nag finds nothing unexplained in it', () => {
    expect(edgeFindings).toEqual([]);
  });

  test('the app deploys it after the portal stack, and leaves it out when the region is unknown', () => {
    const app = () => new App({ context: cdkJsonContext(), outdir: tempDir('lenslab-app-') });
    const withRegion = addStageStacks(app(), prodConfig(), { functionCode: 'placeholder', routes: [] });
    expect(withRegion.edge?.region).toBe('us-east-1');
    expect(withRegion.edge?.dependencies).toContain(withRegion.portal);

    const offline = addStageStacks(app(), parseStageConfig(stageDefinitions({}).prod), {
      functionCode: 'placeholder',
      routes: [],
    });
    expect(offline.edge).toBeUndefined();
    const warnings = offline.portal.node.metadata.filter((m) => m.type === 'aws:cdk:warning').map((m) => m.data);
    expect(String(warnings)).toContain('LenslabPortalEdge-prod (the CloudFront alarm, us-east-1) is left out');
  });
});
