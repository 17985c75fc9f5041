import { beforeAll, describe, expect, test } from 'vitest';
import { JOBS } from '../../core/jobs';
import { ROUTES } from '../../core/routes';
import { XRAY_WRITE_ACTIONS } from '../../infra/tracing';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { asList, resourcesOf, roleOf, statementsOfRole, type Resource } from './support/template-walk';

/** X-Ray tracing is a stage setting (`monitoring.tracing`), on or off for every function of the stage. */

const SOME_ROUTES = [ROUTES.getOrder, ROUTES.getMyProfile];
let traced: SynthResult;
let untraced: SynthResult;
beforeAll(() => {
  const synth = (tracing: boolean) =>
    synthPortal({
      stage: 'staging',
      functionCode: 'placeholder',
      routes: SOME_ROUTES,
      override: (d) => ({ ...d, monitoring: { ...d.monitoring, tracing } }),
    });
  traced = synth(true);
  untraced = synth(false);
});

/** The portal's own functions: the routes', the jobs' and the event consumers (not CDK's site deployment handler). */
const portalFunctions = (result: SynthResult): Resource[] =>
  Object.values(resourcesOf(result.template, 'AWS::Lambda::Function')).filter((fn) =>
    /^(POST \/api\/|Scheduled job |SES bounces and complaints|Cognito post authentication|CloudTrail's user-pool calls|The outbox's stream)/.test(
      String(fn.Properties?.Description ?? ''),
    ),
  );
/**
 * The SES feedback consumer, the two sign-in event functions (infra/constructs/auth-audit.ts) and the outbox's
 * stream consumer (infra/constructs/outbox-consumer.ts).
 */
const EVENT_FUNCTIONS = 4;
const xrayStatements = (result: SynthResult, fn: Resource) =>
  statementsOfRole(result.template, roleOf(fn)).filter((s) => asList(s.Action).some((a) => a.startsWith('xray:')));

describe('X-Ray tracing per stage', () => {
  test('on: every route, job and event function traces actively and may write its traces, and nothing more of X-Ray', () => {
    const functions = portalFunctions(traced);
    expect(functions).toHaveLength(SOME_ROUTES.length + JOBS.length + EVENT_FUNCTIONS);
    for (const fn of functions) {
      expect(fn.Properties?.TracingConfig, String(fn.Properties?.Description)).toEqual({ Mode: 'Active' });
      const statements = xrayStatements(traced, fn).map((s) => ({ ...s, Action: asList(s.Action).sort() }));
      expect(statements).toEqual([{ Effect: 'Allow', Action: [...XRAY_WRITE_ACTIONS].sort(), Resource: '*' }]);
    }
  });

  test('off: no function traces and no role may write to X-Ray', () => {
    const functions = portalFunctions(untraced);
    expect(functions).toHaveLength(SOME_ROUTES.length + JOBS.length + EVENT_FUNCTIONS);
    for (const fn of functions) {
      expect(fn.Properties?.TracingConfig).toBeUndefined();
      expect(xrayStatements(untraced, fn)).toEqual([]);
    }
  });

  test("CDK's site deployment handler is never traced (it runs only during a deployment)", () => {
    const others = Object.values(resourcesOf(traced.template, 'AWS::Lambda::Function')).filter(
      (fn) => !portalFunctions(traced).includes(fn),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const fn of others) expect(fn.Properties?.TracingConfig).toBeUndefined();
  });
});
