import { beforeAll, describe, expect, test } from 'vitest';
import { JOBS } from '../../core/jobs';
import { routePath } from '../../core/route-definition';
import { ROUTE_LIST, ROUTES } from '../../core/routes';
import { JOBS_STACK_ID, routeGroupOf, routeGroupStackId } from '../../infra/constructs/function-groups';
import { NESTED_STACK_TYPE, resourceCounts, type StackTemplate } from './support/stack-templates';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { render } from './support/template-walk';

/**
 * CloudFormation refuses a stack over 500 resources, 200 parameters or 200 outputs, and a template over
 * 1 MB; a refused stack is only found out at deploy time. Each stack must keep a tenth of each limit free,
 * so the route that would break a deploy breaks this test first (docs/deploy.md "Stack layout").
 */
const LIMITS = {
  resources: { max: 450, limit: 500 },
  parameters: { max: 180, limit: 200 },
  outputs: { max: 180, limit: 200 },
  bytes: { max: 900_000, limit: 1_000_000 },
} as const;

let staging: SynthResult;
let prod: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
});

const stackName = (t: StackTemplate) => t.path.split('/').at(-1)!;
const resources = (t: StackTemplate) => Object.entries(t.json.Resources ?? {});
const sizes = (t: StackTemplate) => ({
  resources: resources(t).length,
  parameters: Object.keys(t.json.Parameters ?? {}).length,
  outputs: Object.keys(t.json.Outputs ?? {}).length,
  bytes: t.bytes,
});
const groupOf = (result: SynthResult, id: string) => {
  const found = result.stacks.find((t) => t.stack.nestedStackParent && stackName(t) === id);
  if (!found) throw new Error(`no nested stack ${id}`);
  return found;
};
/** The resource whose property renders to `${id.Arn}` (how a function's integration and permission name it). */
const refersTo = (value: unknown, id: string) => render(value) === `\${${id}.Arn}`;

describe('stack size: every stack keeps headroom below the CloudFormation limits', () => {
  test.each([['staging'], ['prod']] as const)('%s: parent and nested stacks, each at most 450 resources', (stage) => {
    const result = stage === 'staging' ? staging : prod;
    const over = result.stacks.filter((t) => sizes(t).resources > LIMITS.resources.max);
    expect(
      over.map((t) => t.path),
      `resources per stack:\n${resourceCounts(result.stacks)}`,
    ).toEqual([]);
  });

  test.each([['staging'], ['prod']] as const)(
    '%s: each stack keeps 10% of the parameter, output and template-size limits free',
    (stage) => {
      const result = stage === 'staging' ? staging : prod;
      for (const t of result.stacks) {
        const size = sizes(t);
        for (const key of ['parameters', 'outputs', 'bytes'] as const) {
          expect(size[key], `${t.path} ${key} (CloudFormation limit ${LIMITS[key].limit})`).toBeLessThanOrEqual(
            LIMITS[key].max,
          );
        }
      }
    },
  );

  test('the parent holds one resource per route (its API route); the other six are in the nested stacks', () => {
    const parent = resources(staging.stacks[0]!);
    const count = (predicate: (r: (typeof parent)[number][1]) => boolean) =>
      parent.filter(([, r]) => predicate(r)).length;
    expect(count((r) => r.Type === 'AWS::ApiGatewayV2::Route')).toBe(ROUTE_LIST.length);
    expect(count((r) => r.Type === 'AWS::ApiGatewayV2::Integration')).toBe(0);
    // The permissions are the event functions': the SES feedback rule's and the sign-in events rule's to invoke
    // their consumers, and the user pool's to invoke its post authentication trigger (below).
    expect(count((r) => r.Type === 'AWS::Lambda::Permission')).toBe(3);
    // The only functions left in the parent are CDK's site deployment handler (infra/constructs/web.ts), the
    // SES feedback consumer with its rule (infra/constructs/email-feedback.ts) and the sign-in trigger and
    // events consumer with its rule (infra/constructs/auth-audit.ts), whatever the routes.
    expect(count((r) => r.Type === 'AWS::Lambda::Function')).toBe(4);
    expect(count((r) => r.Type === 'AWS::Events::Rule')).toBe(2);
  });
});

describe('stack layout: one nested stack per handler folder, plus one for the jobs', () => {
  test('the nested stacks are exactly the route groups of the route table and the jobs', () => {
    const nested = staging.stacks.filter((t) => t.stack.nestedStackParent).map(stackName);
    const groups = new Set(ROUTE_LIST.map((route) => routeGroupStackId(routeGroupOf(route.handler))));
    expect(nested.sort()).toEqual([...groups, JOBS_STACK_ID].sort());
    expect(resources(staging.stacks[0]!).filter(([, r]) => r.Type === NESTED_STACK_TYPE)).toHaveLength(nested.length);
  });

  test('a route group is its handler folder', () => {
    expect(routeGroupOf('orders/approve-order')).toBe('Orders');
    expect(routeGroupOf('account-requests/submit-account-request')).toBe('AccountRequests');
    expect(routeGroupOf('credit/grant-goodwill-credit')).toBe('Credit');
    expect(routeGroupOf('no-folder')).toBe('Ungrouped');
  });

  test.each(ROUTE_LIST.map((route) => [route.name, route] as const))(
    "%s: function, role, policy, log group, integration and permission are in its folder's stack; the route in the parent",
    (name, route) => {
      const group = groupOf(staging, routeGroupStackId(routeGroupOf(route.handler)));
      const own = resources(group);
      const fns = own.filter(
        ([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties?.Description === `POST /api/${name}`,
      );
      expect(fns).toHaveLength(1);
      const [fnId, fn] = fns[0]!;
      const ids = new Set(own.map(([id]) => id));
      const roleId = (fn.Properties?.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
      expect(ids.has(roleId), 'role').toBe(true);
      expect(
        own.some(([, r]) => r.Type === 'AWS::IAM::Policy' && render(r.Properties?.Roles) === `\${${roleId}}`),
        'policy',
      ).toBe(true);
      const logGroupId = render((fn.Properties?.LoggingConfig as { LogGroup: unknown }).LogGroup).slice(2, -1);
      expect(ids.has(logGroupId), 'log group').toBe(true);
      const integrations = own.filter(
        ([, r]) => r.Type === 'AWS::ApiGatewayV2::Integration' && refersTo(r.Properties?.IntegrationUri, fnId),
      );
      expect(integrations, 'integration').toHaveLength(1);
      const permissions = own.filter(
        ([, r]) => r.Type === 'AWS::Lambda::Permission' && refersTo(r.Properties?.FunctionName, fnId),
      );
      expect(permissions, 'permission').toHaveLength(1);
      expect(permissions[0]![1].Properties?.Principal).toBe('apigateway.amazonaws.com');

      // The route is in the parent and, once CloudFormation resolves the nested output, targets that integration.
      const routes = Object.entries(staging.template.findResources('AWS::ApiGatewayV2::Route')).filter(
        ([, r]) => (r as { Properties: { RouteKey: string } }).Properties.RouteKey === `POST ${routePath(name)}`,
      );
      expect(routes).toHaveLength(1);
      expect(resources(staging.stacks[0]!).some(([id]) => id === routes[0]![0])).toBe(true);
      const target = (routes[0]![1] as { Properties: { Target: unknown } }).Properties.Target;
      expect(render(target)).toBe(`integrations/\${${integrations[0]![0]}}`);
    },
  );

  test('each job has its function, rule and invoke permission in the jobs stack', () => {
    const jobs = resources(groupOf(staging, JOBS_STACK_ID));
    for (const job of JOBS) {
      const [fnId] = jobs.find(
        ([, r]) =>
          r.Type === 'AWS::Lambda::Function' &&
          String(r.Properties?.Description).startsWith(`Scheduled job ${job.name}:`),
      )!;
      expect(jobs.filter(([, r]) => r.Type === 'AWS::Events::Rule' && render(r).includes(fnId))).toHaveLength(1);
      expect(
        jobs.filter(([, r]) => r.Type === 'AWS::Lambda::Permission' && refersTo(r.Properties?.FunctionName, fnId)),
      ).toHaveLength(1);
    }
  });

  test('no secret value crosses into a nested stack as a parameter: the dynamic reference stays where it is used', () => {
    for (const t of staging.stacks.filter((s) => s.stack.nestedStackParent)) {
      expect(render(t.json.Parameters ?? {}), t.path).not.toContain('{{resolve:');
    }
    const parameterValues = resources(staging.stacks[0]!)
      .filter(([, r]) => r.Type === NESTED_STACK_TYPE)
      .map(([, r]) => render(r.Properties?.Parameters));
    for (const values of parameterValues) expect(values).not.toContain('{{resolve:');
  });
});

describe('stack layout is stable as routes are added', () => {
  const BASE = [ROUTES.getMyProfile, ROUTES.closeOrder, ROUTES.grantGoodwillCredit];
  let before: SynthResult;
  let after: SynthResult;
  beforeAll(() => {
    before = synthPortal({ stage: 'staging', functionCode: 'placeholder', routes: BASE });
    // One more route in an existing folder (orders/).
    after = synthPortal({ stage: 'staging', functionCode: 'placeholder', routes: [...BASE, ROUTES.approveOrder] });
  });

  test('a new route changes no other folder’s stack and moves no existing resource', () => {
    for (const group of ['ProfileRoutes', 'CreditRoutes', JOBS_STACK_ID]) {
      expect(groupOf(after, group).json, group).toEqual(groupOf(before, group).json);
    }
    const orderIds = (result: SynthResult) => resources(groupOf(result, 'OrdersRoutes')).map(([id]) => id);
    expect(orderIds(after)).toEqual(expect.arrayContaining(orderIds(before)));
    expect(orderIds(after).length - orderIds(before).length).toBe(6);
  });

  test('the parent grows by exactly one resource (the API route) per route in an existing folder', () => {
    const parentIds = (result: SynthResult) => resources(result.stacks[0]!).map(([id]) => id);
    expect(parentIds(after)).toEqual(expect.arrayContaining(parentIds(before)));
    expect(parentIds(after).length - parentIds(before).length).toBe(1);
  });
});
