import { beforeAll, describe, expect, test } from 'vitest';
import { isMachineAccess, routePath } from '../../core/route-definition';
import { ROUTE_LIST } from '../../core/routes';
import { synthPortal, synthWithOwnDomain, type SynthResult } from './support/synth-portal';
import { render, resourcesOf } from './support/template-walk';

let staging: SynthResult;
let prod: SynthResult;
let withDomain: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
  withDomain = synthWithOwnDomain('staging');
});

const routesByKey = (result: SynthResult) =>
  new Map(
    Object.values(resourcesOf(result.template, 'AWS::ApiGatewayV2::Route')).map((r) => [
      r.Properties?.RouteKey as string,
      r.Properties!,
    ]),
  );

describe('HTTP API (spec 7: every operation is POST /api/{name})', () => {
  test('has one route per route-table entry, and no other', () => {
    const keys = [...routesByKey(staging).keys()].sort();
    expect(keys).toEqual(ROUTE_LIST.map((route) => `POST ${routePath(route.name)}`).sort());
  });

  test('the JWT authorizer checks the user pool issuer and the web client audience', () => {
    const authorizers = Object.values(resourcesOf(staging.template, 'AWS::ApiGatewayV2::Authorizer'));
    expect(authorizers).toHaveLength(1);
    const props = authorizers[0]!.Properties!;
    expect(props.AuthorizerType).toBe('JWT');
    expect(props.IdentitySource).toEqual(['$request.header.Authorization']);
    const jwt = props.JwtConfiguration as { Issuer: unknown; Audience: unknown[] };
    expect(render(jwt.Issuer)).toBe('https://cognito-idp.${AWS::Region}.${AWS::URLSuffix}/${UserPool}');
    expect(jwt.Audience.map(render)).toEqual([expect.stringMatching(/^\$\{AuthUserPoolWebClient[0-9A-F]+\}$/)]);
  });

  test.each(ROUTE_LIST.map((route) => [route.name, route] as const))(
    '%s is behind the JWT authorizer unless the route table makes it public or a machine route',
    (_name, route) => {
      const props = routesByKey(staging).get(`POST ${routePath(route.name)}`)!;
      // A machine route's clients are made at run time, so its handler verifies the token and scopes
      // (docs/decisions/0104-machine-api.md).
      if (route.access === 'public' || isMachineAccess(route.access)) {
        expect(props.AuthorizationType).toBe('NONE');
        expect(props.AuthorizerId).toBeUndefined();
      } else {
        expect(props.AuthorizationType).toBe('JWT');
        expect(render(props.AuthorizerId)).toMatch(/^\$\{ApiHttpApiCognitoJwt[0-9A-F]+\}$/);
      }
    },
  );

  test('the default stage throttles at the stage config rate, and routes with their own limit at theirs', () => {
    const stage = Object.values(resourcesOf(staging.template, 'AWS::ApiGatewayV2::Stage'))[0]!.Properties!;
    expect(stage.StageName).toBe('$default');
    expect(stage.AutoDeploy).toBe(true);
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
    const limited = ROUTE_LIST.filter((route) => route.rateLimit !== undefined);
    const settings = (stage.RouteSettings ?? {}) as Record<string, { ThrottlingRateLimit: number }>;
    expect(Object.keys(settings).sort()).toEqual(limited.map((r) => `POST ${routePath(r.name)}`).sort());
    for (const route of limited) {
      expect(settings[`POST ${routePath(route.name)}`]?.ThrottlingRateLimit).toBe(route.rateLimit);
    }
  });

  test('prod throttles at its own, higher default rate', () => {
    prod.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });

  test('access logs record no headers or bodies (tokens never reach a log)', () => {
    const stage = Object.values(resourcesOf(staging.template, 'AWS::ApiGatewayV2::Stage'))[0]!.Properties!;
    const format = (stage.AccessLogSettings as { Format: string }).Format;
    expect(format).toContain('$context.requestId');
    expect(format).not.toMatch(/header|body|authorization/i);
  });

  test('without an own domain the API has no CORS: the SPA calls it through CloudFront on its own origin', () => {
    const api = Object.values(resourcesOf(staging.template, 'AWS::ApiGatewayV2::Api'))[0]!.Properties!;
    expect(api.CorsConfiguration).toBeUndefined();
  });

  test('with an own domain the CORS allowlist is exactly the portal origin', () => {
    const api = Object.values(resourcesOf(withDomain.template, 'AWS::ApiGatewayV2::Api'))[0]!.Properties!;
    expect(api.CorsConfiguration).toMatchObject({
      AllowOrigins: ['https://portal.lenslab.example'],
      AllowMethods: ['POST', 'OPTIONS'],
    });
  });
});
