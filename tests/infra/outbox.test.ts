import { beforeAll, describe, expect, test } from 'vitest';
import { TABLES, type TableName } from '../../core/data/tables';
import { JOBS } from '../../core/jobs';
import { NOTICE_PARKED_METRIC } from '../../core/outbox-metrics';
import { ROUTES } from '../../core/routes';
import { tableLogicalId } from '../../infra/constructs/data';
import { OUTBOX_JOB } from '../../infra/constructs/outbox-consumer';
import { createLogger } from '../../lambdas/http/logger';
import { tableAccess } from './support/iam-assertions';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { asList, render, resourcesOf, roleOf, statementsOfRole, type Resource } from './support/template-walk';

/**
 * The transactional outbox in AWS (infra/constructs/outbox-consumer.ts, docs/runbook.md "Outbox dead letters"):
 * the stream consumer that delivers each new notice at once, the deliverNotices sweep that retries, their
 * least-privilege roles, the stream's dead-letter queue and the two alarms on lost deliveries.
 */

let prod: SynthResult;
beforeAll(() => {
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
});

const OUTBOX = tableLogicalId(TABLES.outbox);
const STREAM_ARN = `\${${OUTBOX}.StreamArn}`;

const fnByDescription = (result: SynthResult, start: string): [string, Resource] => {
  const found = Object.entries(resourcesOf(result.template, 'AWS::Lambda::Function')).filter(([, fn]) =>
    String(fn.Properties?.Description).startsWith(start),
  );
  expect(found, start).toHaveLength(1);
  return found[0]!;
};
const consumer = (result = prod) => fnByDescription(result, "The outbox's stream");
const sweep = (result = prod) => fnByDescription(result, `Scheduled job ${OUTBOX_JOB.name}:`);
const only = (result: SynthResult, type: string): [string, Resource] => {
  const found = Object.entries(resourcesOf(result.template, type));
  expect(found, type).toHaveLength(1);
  return found[0]!;
};
const variablesOf = (fn: Resource) => (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
const logGroupOf = (result: SynthResult, fn: Resource) => {
  const id = render((fn.Properties?.LoggingConfig as { LogGroup: unknown }).LogGroup).slice(2, -1);
  return [id, resourcesOf(result.template, 'AWS::Logs::LogGroup')[id]!] as const;
};

/** Every action a function's role holds (X-Ray's aside), by resource. */
function grants(result: SynthResult, fn: Resource): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of statementsOfRole(result.template, roleOf(fn))) {
    const actions = asList(s.Action).filter((a) => !a.startsWith('xray:'));
    for (const r of asList(s.Resource).map(render)) out.set(r, [...(out.get(r) ?? []), ...actions].sort());
  }
  for (const [r, actions] of out) if (actions.length === 0) out.delete(r);
  return out;
}

describe('the deliverNotices sweep', () => {
  test('runs every minute: it retries what failed and catches what the stream did not deliver', () => {
    expect(OUTBOX_JOB).toBe(JOBS.find((job) => job.name === 'deliverNotices'));
    const [fnId] = sweep();
    const rules = Object.values(resourcesOf(prod.template, 'AWS::Events::Rule')).filter((rule) =>
      render(rule.Properties?.Targets).includes(fnId),
    );
    expect(rules.map((rule) => rule.Properties?.ScheduleExpression)).toEqual(['rate(1 minute)']);
  });
});

describe('the stream consumer', () => {
  const mapping = () => only(prod, 'AWS::Lambda::EventSourceMapping')[1].Properties!;
  const queue = () => only(prod, 'AWS::SQS::Queue');

  test('each new message wakes it: the outbox stream from its newest record, ten at a time, inserts only', () => {
    const [fnId] = consumer();
    expect(render(mapping().EventSourceArn)).toBe(STREAM_ARN);
    expect(render(mapping().FunctionName)).toBe(`\${${fnId}}`);
    expect(mapping()).toMatchObject({ StartingPosition: 'LATEST', BatchSize: 10 });
    // Claims, sends, settles and TTL deletions change the item too; they start no invocation.
    expect(mapping().FilterCriteria).toEqual({ Filters: [{ Pattern: '{"eventName":["INSERT"]}' }] });
  });

  test('a failing batch is split in halves and retried three times, for an hour at most, then sent to its queue', () => {
    expect(mapping()).toMatchObject({
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 3,
      MaximumRecordAgeInSeconds: 3600,
    });
    const destination = (mapping().DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure;
    expect(render(destination.Destination)).toBe(`\${${queue()[0]}.Arn}`);
  });

  test('its dead-letter queue is encrypted, refuses requests without TLS and keeps a message 14 days', () => {
    const [queueId, deadLetters] = queue();
    expect(deadLetters.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const [, policy] = only(prod, 'AWS::SQS::QueuePolicy');
    expect(render(policy.Properties?.Queues)).toBe(`\${${queueId}}`);
    const statements = (policy.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  test("it is built like the other event consumers, with the deliverNotices job's environment", () => {
    const [, fn] = consumer();
    const [, job] = sweep();
    const [, feedback] = fnByDescription(prod, 'SES bounces and complaints');
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 512,
      Timeout: 60,
    });
    const retention = (f: Resource) => logGroupOf(prod, f)[1].Properties?.RetentionInDays;
    expect(retention(fn)).toBe(retention(feedback));
    expect(retention(fn)).toBe(retention(job));
    // One home for what delivering touches: the job's entry (core/jobs.ts), so the same variables and values.
    expect(render(variablesOf(fn))).toBe(render(variablesOf(job)));
    expect(variablesOf(fn)).toMatchObject({ EMAIL_FROM: 'no-reply@lenslab.example' });
    expect(render(variablesOf(fn).EMAIL_CONFIGURATION_SET)).toMatch(/^\$\{EmailConfigurationSet[0-9A-F]+\}$/);
    expect(render(variablesOf(fn).TABLE_OUTBOX)).toBe(`\${${OUTBOX}}`);
  });

  test('it may read its stream, do what the deliverNotices job may, hand a failed batch to its queue, and nothing else', () => {
    const [, fn] = consumer();
    const [, job] = sweep();
    const held = grants(prod, fn);
    expect(held.get(STREAM_ARN)).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
    ]);
    expect(held.get(`\${${queue()[0]}.Arn}`)).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    // Everything else is exactly the job's: the outbox read and written, the notices' sources read, the inbox
    // written, the lab's staff listed, SES send.
    const others = new Map([...held].filter(([r]) => r !== STREAM_ARN && !r.includes('DeadLetters')));
    expect(others).toEqual(grants(prod, job));

    const access = tableAccess(statementsOfRole(prod.template, roleOf(fn)));
    const reads: TableName[] = ['emailTemplates', 'customers', 'users', 'lenses', 'emailSuppressions'];
    // notifications: the inbox items each notice raises, and the choices that decide them; orders: a shipped
    // parcel's tracker id, kept once the tracking service registered it; webhooks: each event's deliveries.
    expect([...access.keys()].sort()).toEqual(['outbox', 'notifications', 'orders', 'webhooks', ...reads].sort());
    for (const table of ['outbox', 'notifications', 'orders', 'webhooks'] as const)
      expect([...access.get(table)!]).toEqual(
        expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
      );
    for (const table of reads) expect(access.get(table)!.has('dynamodb:PutItem'), table).toBe(false);
    const sends = [...held].filter(([, actions]) => actions.some((a) => a.startsWith('ses:')));
    expect(sends.map(([, actions]) => actions)).toEqual([['ses:SendEmail'], ['ses:SendEmail']]);
    expect(sends.map(([resource]) => resource).sort()).toEqual([
      expect.stringMatching(/:configuration-set\/\$\{EmailConfigurationSet[0-9A-F]+\}$/),
      expect.stringMatching(/:identity\/\$\{EmailIdentity[0-9A-F]+\}$/),
    ]);
    for (const [resource, actions] of held) {
      expect(resource).not.toBe('*');
      for (const action of actions) expect(action, resource).not.toContain('*');
    }
  });
});

describe('alarms on lost deliveries', () => {
  const alarm = (name: string) => {
    const found = Object.values(resourcesOf(prod.template, 'AWS::CloudWatch::Alarm')).filter(
      (a) => a.Properties?.AlarmName === name,
    );
    expect(found, name).toHaveLength(1);
    return found[0]!.Properties!;
  };
  /** The one metric an alarm reads (a labelled metric is written as a query of one metric). */
  const watched = (props: Record<string, unknown>) => {
    const [query] = props.Metrics as {
      MetricStat: { Metric: Record<string, unknown>; Period: number; Stat: string };
    }[];
    expect(props.Metrics).toHaveLength(1);
    const { Metric, Period, Stat } = query!.MetricStat;
    return {
      namespace: Metric.Namespace,
      name: Metric.MetricName,
      stat: Stat,
      period: Period,
      dimensions: Metric.Dimensions,
    };
  };

  test("the stream's dead-letter queue holding a message (>= 1) raises an alarm", () => {
    const [queueId] = only(prod, 'AWS::SQS::Queue');
    const props = alarm('lenslab-prod-outbox-stream-dead-letters');
    expect(watched(props)).toMatchObject({
      namespace: 'AWS/SQS',
      name: 'ApproximateNumberOfMessagesVisible',
      stat: 'Maximum',
      period: 300,
    });
    const [dimension] = watched(props).dimensions as { Name: string; Value: unknown }[];
    expect([dimension!.Name, render(dimension!.Value)]).toEqual(['QueueName', `\${${queueId}.QueueName}`]);
    expect(props).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
    expect(String(props.AlarmDescription)).toContain('docs/runbook.md "Outbox dead letters"');
  });

  test('a notice parked in the dead-letter store (>= 1 in 5 minutes) raises an alarm', () => {
    const props = alarm('lenslab-prod-outbox-notices-parked');
    expect(watched(props)).toEqual({
      namespace: NOTICE_PARKED_METRIC.namespace,
      name: 'NoticesParked-prod',
      stat: 'Sum',
      period: 300,
      dimensions: undefined,
    });
    expect(props).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
    expect(String(props.AlarmDescription)).toContain('docs/runbook.md "Outbox dead letters"');
  });

  test('the parked notices are counted from the log groups of both consumers, the stream one and the sweep', () => {
    const filters = Object.values(resourcesOf(prod.template, 'AWS::Logs::MetricFilter'))
      .map((f) => f.Properties!)
      .filter((f) => JSON.stringify(f.MetricTransformations).includes(NOTICE_PARKED_METRIC.namespace));
    expect(filters.map((f) => render(f.LogGroupName)).sort()).toEqual(
      [logGroupOf(prod, consumer()[1])[0], logGroupOf(prod, sweep()[1])[0]].map((id) => `\${${id}}`).sort(),
    );
    for (const filter of filters) {
      expect(filter.MetricTransformations).toEqual([
        { MetricNamespace: NOTICE_PARKED_METRIC.namespace, MetricName: 'NoticesParked-prod', MetricValue: '1' },
      ]);
    }
  });

  test('the filter matches the line the consumer logs, field by field, as the logger writes it', () => {
    const [filter] = Object.values(resourcesOf(prod.template, 'AWS::Logs::MetricFilter')).filter((f) =>
      JSON.stringify(f.Properties?.MetricTransformations).includes(NOTICE_PARKED_METRIC.namespace),
    );
    const pattern = String(filter!.Properties?.FilterPattern);
    const wanted = [...pattern.matchAll(/\$\.(\w+) = "([^"]*)"/g)].map(([, field, value]) => [field, value]);
    expect(wanted).toEqual([
      ['level', 'error'],
      ['msg', NOTICE_PARKED_METRIC.logLine],
    ]);
    expect(pattern).toMatch(/^\{ \(\$\.level = "error"\) && \(\$\.msg = ".*"\) \}$/);
    const lines: string[] = [];
    createLogger({ job: 'deliverNotices' }, (line) => lines.push(line)).error(NOTICE_PARKED_METRIC.logLine, {
      messageId: 'm-1',
      attempts: 12,
    });
    const logged = JSON.parse(lines[0]!) as Record<string, unknown>;
    for (const [field, value] of wanted) expect(logged[field!], field).toBe(value);
  });
});

describe('a stage on a restored outbox (docs/runbook.md "Restoring a table")', () => {
  const RESTORED = 'LenslabPortal-prod-OutboxTable-restored-20260301T1000Z';
  let switched: SynthResult;
  beforeAll(() => {
    switched = synthPortal({
      stage: 'prod',
      functionCode: 'placeholder',
      routes: [ROUTES.getMyProfile],
      override: (d) => ({ ...d, data: { ...d.data, restoredTables: { outbox: RESTORED } } }),
    });
  });

  test('has no stream consumer (the stack cannot know the copy’s stream): the sweep delivers, from the copy', () => {
    expect(resourcesOf(switched.template, 'AWS::Lambda::EventSourceMapping')).toEqual({});
    expect(resourcesOf(switched.template, 'AWS::SQS::Queue')).toEqual({});
    const [, job] = sweep(switched);
    expect(variablesOf(job).TABLE_OUTBOX).toBe(RESTORED);
  });

  test("still alarms on a parked notice, counted from the sweep's log group", () => {
    const filters = Object.values(resourcesOf(switched.template, 'AWS::Logs::MetricFilter')).filter((f) =>
      JSON.stringify(f.Properties?.MetricTransformations).includes(NOTICE_PARKED_METRIC.namespace),
    );
    expect(filters.map((f) => render(f.Properties?.LogGroupName))).toEqual([
      `\${${logGroupOf(switched, sweep(switched)[1])[0]}}`,
    ]);
    const names = Object.values(resourcesOf(switched.template, 'AWS::CloudWatch::Alarm')).map(
      (a) => a.Properties?.AlarmName,
    );
    expect(names).toContain('lenslab-prod-outbox-notices-parked');
    expect(names).not.toContain('lenslab-prod-outbox-stream-dead-letters');
  });
});
