import { beforeAll, describe, expect, test } from 'vitest';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { ROUTE_LIST } from '../../core/routes';
import { functionOfRoute, render, resourcesOf } from './support/template-walk';

let staging: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
});

describe('CloudFront proves API requests came through it (per-IP limits trust the viewer address only then)', () => {
  test('the /api/* origin sends x-origin-verify from a generated secret', () => {
    const secrets = Object.keys(resourcesOf(staging.template, 'AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(1);
    const distribution = Object.values(resourcesOf(staging.template, 'AWS::CloudFront::Distribution'))[0];
    const origins = render(distribution);
    expect(origins).toContain('x-origin-verify');
    expect(origins).toContain(secrets[0]);
  });

  test('every wrapped route function gets the same secret as ORIGIN_VERIFY_SECRET', () => {
    // The handler wrapper trusts the viewer address only with the secret; webhooks and jobs have no callers.
    const functions = ROUTE_LIST.filter((route) => route.kind !== 'webhook').map(
      (route) => functionOfRoute(staging.template, route.name).fn,
    );
    expect(functions.length).toBeGreaterThan(0);
    const secret = Object.keys(resourcesOf(staging.template, 'AWS::SecretsManager::Secret'))[0]!;
    for (const fn of functions) {
      expect(render(fn)).toContain('ORIGIN_VERIFY_SECRET');
      expect(render(fn)).toContain(secret);
    }
  });
});
