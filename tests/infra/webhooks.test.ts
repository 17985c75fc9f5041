import { beforeAll, describe, expect, test } from 'vitest';
import { TABLES } from '../../core/data/tables';
import { WEBHOOK_FAILED_METRIC } from '../../core/webhook-metrics';
import { tableLogicalId } from '../../infra/constructs/data';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { tableAccess } from './support/iam-assertions';
import { render, resourcesOf, roleOf, statementsOfRole, type Resource } from './support/template-walk';

/**
 * Outgoing webhooks in AWS (docs/decisions/0105-outgoing-webhooks.md): the table from core/data/tables.ts, the
 * every-minute sweep, and the alarm on deliveries failed after their last try.
 */
let prod: SynthResult;
beforeAll(() => {
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
});

const alarmNamed = (name: string): Record<string, unknown> => {
  const found = Object.values(resourcesOf(prod.template, 'AWS::CloudWatch::Alarm')).filter(
    (a) => a.Properties?.AlarmName === name,
  );
  expect(found, name).toHaveLength(1);
  return found[0]!.Properties!;
};

describe('outgoing webhooks in the stage', () => {
  test('the webhooks table is made from its definition: keys, the sparse byDue index and the TTL', () => {
    const table = resourcesOf(prod.template, 'AWS::DynamoDB::Table')[tableLogicalId(TABLES.webhooks)] as Resource;
    expect(table, 'Webhooks table').toBeDefined();
    expect(table.Properties?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    const indexes = table.Properties?.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown }[];
    expect(indexes.map((i) => [i.IndexName, i.KeySchema])).toEqual([
      [
        'byDue',
        [
          { AttributeName: 'dueState', KeyType: 'HASH' },
          { AttributeName: 'dueAt', KeyType: 'RANGE' },
        ],
      ],
    ]);
    expect(table.Properties?.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
  });

  test('the deliverWebhooks job may read and write the webhooks table, and no other', () => {
    const jobs = Object.values(resourcesOf(prod.template, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties?.Description).startsWith('Scheduled job deliverWebhooks:'),
    );
    expect(jobs).toHaveLength(1);
    const access = tableAccess(statementsOfRole(prod.template, roleOf(jobs[0]!)));
    expect([...access.keys()]).toEqual(['webhooks']);
    expect([...access.get('webhooks')!]).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
    );
  });

  test("a delivery failed after its last try (>= 1 in 5 minutes) raises an alarm, counted from the job's log", () => {
    const props = alarmNamed('lenslab-prod-webhook-deliveries-failed');
    const [metric] = props.Metrics as { MetricStat: { Metric: unknown; Period: number; Stat: string } }[];
    expect(metric!.MetricStat).toEqual({
      Metric: { Namespace: WEBHOOK_FAILED_METRIC.namespace, MetricName: 'WebhookDeliveriesFailed-prod' },
      Period: 300,
      Stat: 'Sum',
    });
    expect(props).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
    });
    expect(String(props.AlarmDescription)).toContain('docs/runbook.md "Webhook deliveries failed"');
    const filters = Object.values(resourcesOf(prod.template, 'AWS::Logs::MetricFilter'))
      .map((f) => f.Properties!)
      .filter((f) => JSON.stringify(f.MetricTransformations).includes(WEBHOOK_FAILED_METRIC.namespace));
    expect(filters).toHaveLength(1);
    expect(String(filters[0]!.FilterPattern)).toContain(WEBHOOK_FAILED_METRIC.logLine);
    expect(render(filters[0]!.LogGroupName)).toMatch(/^\$\{DeliverWebhooksJobFunctionLogs/);
  });
});
