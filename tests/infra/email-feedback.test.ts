import { beforeAll, describe, expect, test } from 'vitest';
import { JOBS } from '../../core/jobs';
import { ROUTE_LIST, ROUTES } from '../../core/routes';
import { tableLogicalId } from '../../infra/constructs/data';
import { TABLES } from '../../core/data/tables';
import { synthPortal, type SynthResult } from './support/synth-portal';
import {
  asList,
  functionOfRoute,
  render,
  resourcesOf,
  roleOf,
  statementsOfRole,
  type Resource,
} from './support/template-walk';

/**
 * Email you can trust (issue item 3): a configuration set on every email, its bounces and complaints on the
 * default EventBridge bus, and a function that records the addresses (lambdas/events/email-feedback.ts).
 */

let prod: SynthResult;
beforeAll(() => {
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
});

const SUPPRESSIONS = tableLogicalId(TABLES.emailSuppressions);
const only = (result: SynthResult, type: string) => {
  const found = Object.entries(resourcesOf(result.template, type));
  expect(found, type).toHaveLength(1);
  return found[0]!;
};
const consumer = (result: SynthResult): [string, Resource] => {
  const found = Object.entries(resourcesOf(result.template, 'AWS::Lambda::Function')).filter(([, fn]) =>
    String(fn.Properties?.Description).startsWith('SES bounces and complaints'),
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('the SES configuration set', () => {
  test('lenslab-{stage}: reputation metrics of its own, and SES suppresses bounced and complaining addresses', () => {
    const [, set] = only(prod, 'AWS::SES::ConfigurationSet');
    expect(set.Properties).toMatchObject({
      Name: 'lenslab-prod',
      ReputationOptions: { ReputationMetricsEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
  });

  test('its bounces and complaints go to the default EventBridge bus', () => {
    const [, destination] = only(prod, 'AWS::SES::ConfigurationSetEventDestination');
    const props = destination.Properties!;
    expect(props.ConfigurationSetName).toEqual(expect.anything());
    const event = props.EventDestination as {
      Enabled: boolean;
      MatchingEventTypes: string[];
      EventBridgeDestination: unknown;
    };
    expect(event.Enabled).toBe(true);
    expect(event.MatchingEventTypes.sort()).toEqual(['bounce', 'complaint']);
    expect(render(event.EventBridgeDestination)).toContain(':event-bus/default');
  });

  test('every function sends with it (EMAIL_CONFIGURATION_SET)', () => {
    const { fn } = functionOfRoute(prod.template, 'resendSignUpCode');
    const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(render(variables.EMAIL_CONFIGURATION_SET)).toBe(`\${${only(prod, 'AWS::SES::ConfigurationSet')[0]}}`);
  });
});

describe('recording bounces and complaints', () => {
  test("a rule takes this stage's bounce and complaint events to the consumer, retried twice", () => {
    const [fnId] = consumer(prod);
    const rules = Object.values(resourcesOf(prod.template, 'AWS::Events::Rule')).filter((rule) =>
      render(rule.Properties?.Targets).includes(fnId),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties?.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': ['Email Bounced', 'Email Complaint Received'],
      detail: { mail: { tags: { 'ses:configuration-set': ['lenslab-prod'] } } },
    });
    expect((rules[0]!.Properties?.Targets as { RetryPolicy: unknown }[])[0]!.RetryPolicy).toEqual({
      MaximumRetryAttempts: 2,
    });
  });

  test('the consumer writes the suppressed addresses and touches nothing else', () => {
    const [, fn] = consumer(prod);
    const statements = statementsOfRole(prod.template, roleOf(fn));
    const resources = statements.flatMap((s) => asList(s.Resource).map(render));
    const nonXray = statements.filter((s) => !asList(s.Action).every((a) => a.startsWith('xray:')));
    expect(new Set(nonXray.flatMap((s) => asList(s.Resource).map(render)))).toEqual(
      new Set([`\${${SUPPRESSIONS}.Arn}`]),
    );
    expect(nonXray.flatMap((s) => asList(s.Action))).toContain('dynamodb:PutItem');
    expect(resources.join(' ')).not.toMatch(/UsersTable|OrdersTable/);
    const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(render(variables.TABLE_EMAIL_SUPPRESSIONS)).toBe(`\${${SUPPRESSIONS}}`);
  });

  test('a failed event raises an alarm', () => {
    const [fnId] = consumer(prod);
    const alarm = Object.values(resourcesOf(prod.template, 'AWS::CloudWatch::Alarm')).find(
      (a) => a.Properties?.AlarmName === 'lenslab-prod-email-feedback-errors',
    );
    expect(alarm?.Properties).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda', Threshold: 1 });
    expect(alarm?.Properties?.Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: fnId } }]);
  });
});

describe('who may send', () => {
  const emailRoutes = ROUTE_LIST.filter((route) => route.resources.email);

  test.each(emailRoutes.map((route) => [route.name] as const))(
    '%s sends from the identity with the configuration set, and reads the suppressed addresses',
    (name) => {
      const statements = statementsOfRole(prod.template, roleOf(functionOfRoute(prod.template, name).fn));
      const send = statements.filter((s) => asList(s.Action).includes('ses:SendEmail'));
      const targets = send.flatMap((s) => asList(s.Resource).map(render)).sort();
      expect(targets).toHaveLength(2);
      expect(targets.some((t) => /:identity\/\$\{EmailIdentity[0-9A-F]+\}$/.test(t))).toBe(true);
      expect(targets.some((t) => /:configuration-set\/\$\{EmailConfigurationSet[0-9A-F]+\}$/.test(t))).toBe(true);
      const reads = statements.filter((s) => asList(s.Resource).map(render).includes(`\${${SUPPRESSIONS}.Arn}`));
      expect(reads.flatMap((s) => asList(s.Action))).toContain('dynamodb:GetItem');
      expect(reads.flatMap((s) => asList(s.Action))).not.toContain('dynamodb:PutItem');
    },
  );

  test('a route that sends no email may not read or write the suppressed addresses, except the user lists', () => {
    const readers = ROUTE_LIST.filter((route) =>
      statementsOfRole(prod.template, roleOf(functionOfRoute(prod.template, route.name).fn)).some((s) =>
        asList(s.Resource).map(render).includes(`\${${SUPPRESSIONS}.Arn}`),
      ),
    ).map((route) => route.name);
    const expected = [
      ...emailRoutes.map((route) => route.name),
      ROUTES.getAdminUsers.name,
      ROUTES.getCustomerUsers.name,
      ROUTES.getUserByUid.name,
    ];
    expect(readers.sort()).toEqual([...new Set(expected)].sort());
    expect(JOBS.some((job) => (job.resources as { email?: boolean }).email)).toBe(true);
  });
});
