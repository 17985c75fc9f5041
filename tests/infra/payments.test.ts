import { App, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, test } from 'vitest';
import type { RouteDefinition } from '../../core/route-definition';
import { ROUTES } from '../../core/routes';
import { runtimeConfigSchema } from '../../core/schemas/runtime-config';
import { buildContentSecurityPolicy, STRIPE_CSP } from '../../infra/build-content-security-policy';
import { buildRuntimeConfig } from '../../infra/build-runtime-config';
import { grantRouteResources, type RouteResourceTargets } from '../../infra/grant-route-resources';
import { parseStageConfig, stageConfig, stageDefinitions, type StageConfigInput } from '../../infra/stage-config';
import { synthPortal, type SynthResult } from './support/synth-portal';
import {
  asList,
  functionOfRoute,
  iamStatements,
  render,
  resourcesOf,
  roleOf,
  statementsOfRole,
} from './support/template-walk';

/**
 * The card gateway in AWS (docs/decisions/0053-card-payments-the-gateway-port.md): which stage may use
 * which gateway, the settings and the one secret the payment functions get, the public webhook route, and
 * the CSP entries Stripe's Payment Element needs.
 */

const ROUTES_UNDER_TEST = [
  ROUTES.startPayment,
  ROUTES.confirmPayment,
  ROUTES.paymentWebhook,
  ROUTES.startCardSetup,
  ROUTES.finishCardSetup,
  ROUTES.removeCard,
  ROUTES.getMyProfile,
] as readonly RouteDefinition[];
// Cards on file reach the gateway too (docs/decisions/0106-cards-on-file.md): saving and removing a card.
const GATEWAY_ROUTES = [
  'startPayment',
  'confirmPayment',
  'paymentWebhook',
  'startCardSetup',
  'finishCardSetup',
  'removeCard',
];
/** The jobs that charge cards: autopay (docs/decisions/0107-autopay.md). */
const GATEWAY_JOBS = ['autopay'];
const PAYMENT_ENV = ['PAYMENT_GATEWAY', 'STRIPE_PUBLISHABLE_KEY', 'PAYMENT_SECRET_ARN'];

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
const variablesOf = (result: SynthResult, route: string) =>
  (functionOfRoute(result.template, route).fn.Properties?.Environment as { Variables: Record<string, unknown> })
    .Variables;

describe('stage config: payments', () => {
  test('local uses the fake gateway; staging Stripe test mode; prod Stripe live', () => {
    expect(stageConfig('local', {}).payments).toEqual({ gateway: 'fake' });
    expect(stageConfig('staging', {}).payments).toMatchObject({
      gateway: 'stripe',
      stripe: { secretName: 'lenslab/staging/stripe', publishableKey: expect.stringMatching(/^pk_test_/) },
    });
    expect(stageConfig('prod', {}).payments).toMatchObject({
      gateway: 'stripe',
      stripe: { secretName: 'lenslab/prod/stripe', publishableKey: expect.stringMatching(/^pk_live_/) },
    });
  });

  test('production refuses the fake gateway, naming the field', () => {
    const input = definition('prod');
    input.payments = { gateway: 'fake' };
    expect(problemsOf(input)).toMatch(/payments\.gateway: production takes real cards/);
  });

  test('a deployed non-production stage refuses the fake gateway too: it exists only in the local stack', () => {
    const input = definition('staging');
    input.payments = { gateway: 'fake' };
    expect(problemsOf(input)).toMatch(/payments\.gateway: the fake gateway runs only in the local stack/);
  });

  test('a stripe stage needs the secret name and publishable key', () => {
    const input = definition('prod');
    input.payments = { gateway: 'stripe' };
    expect(problemsOf(input)).toMatch(/payments\.stripe: a stripe stage needs secretName and publishableKey/);
  });

  test('production needs a live key, and any other stage a test key (it must never charge a real card)', () => {
    const prodInput = definition('prod');
    prodInput.payments = {
      gateway: 'stripe',
      stripe: { secretName: 'lenslab/prod/stripe', publishableKey: 'pk_test_x' },
    };
    expect(problemsOf(prodInput)).toMatch(/payments\.stripe\.publishableKey: production needs a live key/);
    const stagingInput = definition('staging');
    stagingInput.payments = {
      gateway: 'stripe',
      stripe: { secretName: 'lenslab/staging/stripe', publishableKey: 'pk_live_x' },
    };
    expect(problemsOf(stagingInput)).toMatch(
      /payments\.stripe\.publishableKey: a non-production stage must use a test key/,
    );
  });

  test('the secret name and the key are checked for shape', () => {
    const input = definition('staging');
    input.payments = {
      gateway: 'stripe',
      stripe: { secretName: 'stripe-keys-AbC123', publishableKey: 'sk_test_oops' },
    };
    const problems = problemsOf(input);
    expect(problems).toMatch(/payments\.stripe\.secretName: must be a Secrets Manager secret name/);
    expect(problems).toMatch(/payments\.stripe\.publishableKey: must be a Stripe publishable key/);
  });
});

describe('payment functions: settings and the one secret', () => {
  test.each([
    ['staging', () => staging, 'lenslab/staging/stripe', /^pk_test_/],
    ['prod', () => prod, 'lenslab/prod/stripe', /^pk_live_/],
  ] as const)(
    '%s: the gateway routes get the gateway, the publishable key and the secret ARN',
    (_s, result, name, key) => {
      for (const route of GATEWAY_ROUTES) {
        const variables = variablesOf(result(), route);
        expect(variables.PAYMENT_GATEWAY, route).toBe('stripe');
        expect(variables.STRIPE_PUBLISHABLE_KEY, route).toMatch(key);
        expect(render(variables.PAYMENT_SECRET_ARN), route).toBe(
          `arn:\${AWS::Partition}:secretsmanager:\${AWS::Region}:\${AWS::AccountId}:secret:${name}`,
        );
      }
    },
  );

  test('a route that does not name the gateway gets none of its settings and no secret', () => {
    const variables = variablesOf(staging, 'getMyProfile');
    for (const name of PAYMENT_ENV) expect(variables[name], name).toBeUndefined();
    const role = roleOf(functionOfRoute(staging.template, 'getMyProfile').fn);
    const actions = statementsOfRole(staging.template, role).flatMap((s) => asList(s.Action));
    expect(actions.filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
  });

  test.each(GATEWAY_ROUTES)(
    '%s may read that one secret (GetSecretValue only), nothing else of Secrets Manager',
    (route) => {
      const role = roleOf(functionOfRoute(prod.template, route).fn);
      const statements = statementsOfRole(prod.template, role).filter((s) =>
        asList(s.Action).some((a) => a.startsWith('secretsmanager:')),
      );
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatchObject({ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue' });
      expect(asList(statements[0]!.Resource).map(render)).toEqual([
        'arn:${AWS::Partition}:secretsmanager:${AWS::Region}:${AWS::AccountId}:secret:lenslab/prod/stripe-??????',
      ]);
    },
  );

  test('no statement anywhere in the stack grants the Stripe secret beyond the payment functions', () => {
    const gatewayRoles = new Set(GATEWAY_ROUTES.map((route) => roleOf(functionOfRoute(prod.template, route).fn)));
    const functions = Object.values(resourcesOf(prod.template, 'AWS::Lambda::Function'));
    for (const job of GATEWAY_JOBS) {
      const fn = functions.find((f) => String(f.Properties?.Description ?? '').startsWith(`Scheduled job ${job}:`));
      gatewayRoles.add(roleOf(fn!));
    }
    const policies = resourcesOf(prod.template, 'AWS::IAM::Policy');
    // The parcel-tracking service's secret has its own functions (tests/infra/parcel-tracking.test.ts).
    const owners = iamStatements(prod.template)
      .filter(({ statement }) =>
        asList(statement.Resource).some((r) => render(r).includes(':secret:lenslab/prod/stripe')),
      )
      .flatMap(({ owner }) =>
        ((policies[owner]?.Properties?.Roles as { Ref: string }[] | undefined) ?? [{ Ref: owner }]).map((r) => r.Ref),
      );
    expect(owners.length).toBeGreaterThan(0);
    for (const owner of owners) expect(gatewayRoles.has(owner), owner).toBe(true);
  });

  test('a route that needs the gateway cannot be granted where the gateway is the fake (no secret)', () => {
    const stack = new Stack(new App(), 'GrantTest');
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    const targets = { tables: {}, paymentSecret: undefined } as unknown as RouteResourceTargets;
    expect(() =>
      grantRouteResources(role, { name: 'startPayment', resources: { paymentGateway: true } }, targets),
    ).toThrow(/the fake gateway runs only in the local stack/);
  });
});

describe('the webhook route', () => {
  test('is reachable without the Cognito authorizer (the gateway’s signature is its authentication)', () => {
    const routes = Object.values(resourcesOf(prod.template, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!);
    const webhook = routes.find((r) => r.RouteKey === 'POST /api/paymentWebhook');
    expect(webhook).toMatchObject({ AuthorizationType: 'NONE' });
    expect(webhook?.AuthorizerId).toBeUndefined();
    expect(routes.find((r) => r.RouteKey === 'POST /api/startPayment')).toMatchObject({ AuthorizationType: 'JWT' });
  });

  test('a webhook route behind the authorizer is refused at synth (the gateway could never reach it)', () => {
    const guarded = { ...ROUTES.paymentWebhook, access: ['admin'] } as unknown as RouteDefinition;
    expect(() => synthPortal({ stage: 'staging', functionCode: 'placeholder', routes: [guarded] })).toThrow(
      /Webhook route "paymentWebhook" must be public/,
    );
  });
});

describe('the browser: runtime config and CSP', () => {
  const ids = { region: 'eu-west-1', userPoolId: 'pool', userPoolClientId: 'client' };

  test('config.json names the gateway and, in stripe stages, the publishable key', () => {
    const staged = runtimeConfigSchema.parse(buildRuntimeConfig(stageConfig('staging', {}), ids));
    expect(staged.payments).toEqual({
      gateway: 'stripe',
      publishableKey: stageConfig('staging', {}).payments.stripe!.publishableKey,
    });
    expect(buildRuntimeConfig(stageConfig('local', {}), ids).payments).toEqual({ gateway: 'fake' });
  });

  const sources = {
    cognitoOrigin: 'https://cognito-idp.eu-west-1.amazonaws.com',
    attachmentsOrigin: 'https://attachments.s3.eu-west-1.amazonaws.com',
  };
  const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

  test('a stripe stage allows exactly Stripe’s documented script, frames and API, and nothing else of Stripe', () => {
    const csp = buildContentSecurityPolicy({ ...sources, paymentGateway: 'stripe' });
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(directive(csp, 'connect-src')).toBe(
      `connect-src 'self' ${sources.cognitoOrigin} ${sources.attachmentsOrigin} https://api.stripe.com`,
    );
    const stripeMentions = csp.match(/https:\/\/[a-z.]*stripe\.com/g) ?? [];
    expect(stripeMentions.sort()).toEqual(
      [...STRIPE_CSP.scriptSrc, ...STRIPE_CSP.frameSrc, ...STRIPE_CSP.connectSrc].sort(),
    );
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  test('a fake stage (the default) has nothing of Stripe', () => {
    expect(buildContentSecurityPolicy(sources)).not.toMatch(/stripe/);
    expect(buildContentSecurityPolicy({ ...sources, paymentGateway: 'fake' })).toBe(
      buildContentSecurityPolicy(sources),
    );
  });

  test('the deployed CloudFront policy of a stripe stage carries the Stripe entries', () => {
    const policies = Object.values(resourcesOf(prod.template, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const csps = policies.map((p) =>
      render(
        (
          p.Properties!.ResponseHeadersPolicyConfig as {
            SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
          }
        ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
      ),
    );
    const pages = csps.find((csp) => csp.includes('default-src'));
    expect(pages).toContain("script-src 'self' https://js.stripe.com");
    expect(pages).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(pages).toContain('https://api.stripe.com');
  });
});
