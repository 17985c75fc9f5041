import { App, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, test } from 'vitest';
import type { RouteDefinition } from '../../core/route-definition';
import { ROUTES } from '../../core/routes';
import { OUTBOX_JOB } from '../../infra/constructs/outbox-consumer';
import { grantRouteResources, type RouteResourceTargets } from '../../infra/grant-route-resources';
import { parseStageConfig, stageConfig, stageDefinitions, type StageConfigInput } from '../../infra/stage-config';
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
 * Parcel tracking in AWS (docs/decisions/0100-production-stages-and-the-ship-promise.md "Carrier events"): which
 * stage may use which service, the setting and the one secret that the carrier webhook and the outbox consumer
 * (the deliverNotices sweep and the stream consumer, which register shipped parcels) get, and the webhook route
 * open without the authorizer.
 */

const ROUTES_UNDER_TEST = [ROUTES.carrierWebhook, ROUTES.closeOrder, ROUTES.getMyProfile] as readonly RouteDefinition[];
const TRACKING_ENV = ['PARCEL_TRACKING', 'EASYPOST_SECRET_ARN'];

let staging: SynthResult;
let prod: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder', routes: ROUTES_UNDER_TEST });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder', routes: ROUTES_UNDER_TEST });
});

const definition = (name: 'local' | 'staging' | 'prod') =>
  structuredClone(stageDefinitions({})[name]!) as StageConfigInput;
const problemsOf = (input: StageConfigInput) => {
  try {
    parseStageConfig(input);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};
const fnByDescription = (result: SynthResult, start: string): Resource => {
  const found = Object.values(resourcesOf(result.template, 'AWS::Lambda::Function')).filter((fn) =>
    String(fn.Properties?.Description).startsWith(start),
  );
  expect(found, start).toHaveLength(1);
  return found[0]!;
};
/** The functions that talk to the tracking service: the webhook, the outbox sweep and its stream consumer. */
const trackingFunctions = (result: SynthResult): [string, Resource][] => [
  ['carrierWebhook', functionOfRoute(result.template, 'carrierWebhook').fn],
  ['deliverNotices', fnByDescription(result, `Scheduled job ${OUTBOX_JOB.name}:`)],
  ['outboxStream', fnByDescription(result, "The outbox's stream")],
];
const variablesOf = (fn: Resource) => (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
const secretStatements = (result: SynthResult, fn: Resource) =>
  statementsOfRole(result.template, roleOf(fn)).filter((s) =>
    asList(s.Action).some((a) => a.startsWith('secretsmanager:')),
  );

describe('stage config: parcel tracking', () => {
  test('local uses the fake carrier; staging and prod EasyPost, each with its own secret', () => {
    expect(stageConfig('local', {}).parcelTracking).toEqual({ kind: 'fake' });
    expect(stageConfig('staging', {}).parcelTracking).toEqual({
      kind: 'easypost',
      easypost: { secretName: 'lenslab/staging/easypost' },
    });
    expect(stageConfig('prod', {}).parcelTracking).toEqual({
      kind: 'easypost',
      easypost: { secretName: 'lenslab/prod/easypost' },
    });
  });

  test('a deployed stage refuses the fake carrier: it exists only in the local stack', () => {
    for (const stage of ['staging', 'prod'] as const) {
      const input = definition(stage);
      input.parcelTracking = { kind: 'fake' };
      expect(problemsOf(input)).toMatch(/parcelTracking\.kind: the fake carrier runs only in the local stack/);
    }
  });

  test('an easypost stage needs the secret name, checked for shape', () => {
    const input = definition('prod');
    input.parcelTracking = { kind: 'easypost' };
    expect(problemsOf(input)).toMatch(/parcelTracking\.easypost: an easypost stage needs secretName/);
    input.parcelTracking = { kind: 'easypost', easypost: { secretName: 'easypost-AbC123' } };
    expect(problemsOf(input)).toMatch(/parcelTracking\.easypost\.secretName: must be a Secrets Manager secret name/);
  });
});

describe('parcel tracking functions: the setting and the one secret', () => {
  test.each([
    ['staging', () => staging, 'lenslab/staging/easypost'],
    ['prod', () => prod, 'lenslab/prod/easypost'],
  ] as const)('%s: the webhook and the outbox consumer get the service and the secret ARN', (_s, result, name) => {
    for (const [label, fn] of trackingFunctions(result())) {
      const variables = variablesOf(fn);
      expect(variables.PARCEL_TRACKING, label).toBe('easypost');
      expect(render(variables.EASYPOST_SECRET_ARN), label).toBe(
        `arn:\${AWS::Partition}:secretsmanager:\${AWS::Region}:\${AWS::AccountId}:secret:${name}`,
      );
    }
  });

  test.each(['carrierWebhook', 'deliverNotices', 'outboxStream'])(
    '%s may read that one secret (GetSecretValue only), nothing else of Secrets Manager',
    (label) => {
      const fn = trackingFunctions(prod).find(([name]) => name === label)![1];
      const statements = secretStatements(prod, fn);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatchObject({ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue' });
      expect(asList(statements[0]!.Resource).map(render)).toEqual([
        'arn:${AWS::Partition}:secretsmanager:${AWS::Region}:${AWS::AccountId}:secret:lenslab/prod/easypost-??????',
      ]);
    },
  );

  test('the close, which only writes the parcels to the outbox, gets none of it; nor does any other route', () => {
    for (const route of ['closeOrder', 'getMyProfile']) {
      const { fn } = functionOfRoute(prod.template, route);
      for (const name of TRACKING_ENV) expect(variablesOf(fn)[name], `${route} ${name}`).toBeUndefined();
      expect(secretStatements(prod, fn), route).toEqual([]);
    }
  });

  test('the webhook writes orders and reads the parcel index, and nothing of the card gateway', () => {
    const variables = variablesOf(functionOfRoute(prod.template, 'carrierWebhook').fn);
    expect(Object.keys(variables)).toEqual(expect.arrayContaining(['TABLE_ORDERS', 'TABLE_COUNTERS']));
    expect(variables).not.toHaveProperty('PAYMENT_GATEWAY');
    expect(variables).not.toHaveProperty('USER_POOL_ISSUER');
  });

  test('a function that needs parcel tracking cannot be granted where it is the fake carrier (no secret)', () => {
    const stack = new Stack(new App(), 'GrantTest');
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    const targets = { tables: {}, parcelTrackingSecret: undefined } as unknown as RouteResourceTargets;
    expect(() =>
      grantRouteResources(role, { name: 'carrierWebhook', resources: { parcelTracking: true } }, targets),
    ).toThrow(/the fake carrier runs only in the local stack/);
  });
});

describe('the carrier webhook route', () => {
  test('is reachable without the Cognito authorizer (the service’s signature is its authentication)', () => {
    const routes = Object.values(resourcesOf(prod.template, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!);
    const webhook = routes.find((r) => r.RouteKey === 'POST /api/carrierWebhook');
    expect(webhook).toMatchObject({ AuthorizationType: 'NONE' });
    expect(webhook?.AuthorizerId).toBeUndefined();
    expect(routes.find((r) => r.RouteKey === 'POST /api/closeOrder')).toMatchObject({ AuthorizationType: 'JWT' });
  });
});
