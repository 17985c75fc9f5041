import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { AppError, permissionDenied, unauthenticated } from '../../core/errors';
import type { RouteDefinition } from '../../core/route-definition';
import { sharedSessionRevocations } from '../adapters/dynamo-session-revocations';
import { sessionRevocationCheck } from '../auth/session-revocation';
import { createTokenVerifier, type Identity } from '../auth/verify-token';
import { requireEnv } from '../env';
import { correlationIdFrom } from './correlation-id';
import { errorAnswer } from './error-response';
import { createLogger, type Logger } from './logger';
import { parseCallableInput } from './parse-input';

export interface RequestContext {
  /** Present on every non-public route; taken only from the verified token. */
  identity: Identity | null;
  correlationId: string;
  /** The caller's IP address as API Gateway saw it (per-IP rate limits; see clientIp()). */
  sourceIp: string;
  log: Logger;
}

/** The signed-in caller of a non-public route (the wrapper has already refused anonymous calls). */
export function callerOf(ctx: RequestContext): Identity {
  if (!ctx.identity) throw unauthenticated();
  return ctx.identity;
}

export interface HandlerDeps {
  verifyToken: (token: string) => Promise<Identity>;
  /**
   * Refuses tokens of sessions ended server-side (signOut; docs/decisions.md "Server-side sign-out"). When
   * `verifyToken` comes from the environment too, this defaults to the tokens-table check; tests that
   * inject `verifyToken` inject this as well (or go without).
   */
  isSessionRevoked?: (identity: Identity) => Promise<boolean>;
  log: Logger;
}

let defaultVerifier: HandlerDeps['verifyToken'] | undefined;
function envVerifier(): HandlerDeps['verifyToken'] {
  defaultVerifier ??= createTokenVerifier({
    issuer: requireEnv('USER_POOL_ISSUER'),
    clientId: requireEnv('USER_POOL_CLIENT_ID'),
  });
  return defaultVerifier;
}

let defaultRevocationCheck: HandlerDeps['isSessionRevoked'];
function envRevocationCheck(): NonNullable<HandlerDeps['isSessionRevoked']> {
  defaultRevocationCheck ??= sessionRevocationCheck(sharedSessionRevocations());
  return defaultRevocationCheck;
}

/**
 * The caller's address for per-IP limits. Behind CloudFront, API Gateway's sourceIp is the edge's address and
 * the viewer's is in `cloudfront-viewer-address`; but anyone calling the execute-api endpoint directly can set
 * that header. So it is trusted only on requests that also carry CloudFront's secret origin header
 * (`x-origin-verify` = ORIGIN_VERIFY_SECRET); otherwise the limit keys on sourceIp, which cannot be forged.
 */
export function clientIp(event: APIGatewayProxyEventV2, originSecret = process.env.ORIGIN_VERIFY_SECRET): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  const fromCloudFront = !!originSecret && event.headers?.['x-origin-verify'] === originSecret;
  if (viewer && fromCloudFront) return viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

function bearerToken(headers: Record<string, string | undefined>): string | null {
  const value = headers['authorization'] ?? headers['Authorization'];
  const match = value?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)$/);
  return match?.[1] ?? null;
}

/**
 * Wraps a use case as an API Gateway (HTTP API, payload v2) Lambda handler: verifies the token, denies by
 * default, validates input and output with the route's schemas and maps every error (spec 8).
 */
export function createHandler<I extends z.ZodType, O extends z.ZodType>(
  route: RouteDefinition<I, O>,
  run: (input: z.infer<I>, ctx: RequestContext) => Promise<z.input<O>>,
  deps: Partial<HandlerDeps> = {},
) {
  const baseLog = deps.log ?? createLogger({ route: route.name });
  const isSessionRevoked =
    deps.isSessionRevoked ?? (deps.verifyToken ? undefined : (id: Identity) => envRevocationCheck()(id));
  const authDeps: Partial<HandlerDeps> = { ...deps, ...(isSessionRevoked ? { isSessionRevoked } : {}) };
  return async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
    const headers = event.headers ?? {};
    const correlationId = correlationIdFrom(headers, event.requestContext?.requestId);
    const log = baseLog.child({ correlationId });
    const started = Date.now();
    let statusCode = 200;
    let body: unknown;
    let userId: string | undefined;
    try {
      const identity = await authenticate(route, headers, authDeps);
      userId = identity?.userId;
      const input = parseCallableInput(route.input, event.body, event.isBase64Encoded);
      const result = await run(input, { identity, correlationId, sourceIp: clientIp(event), log });
      const checked = route.output.safeParse(result);
      if (!checked.success) {
        log.error('output failed its schema', { issues: checked.error.issues.slice(0, 5) });
        throw new Error('Output schema mismatch');
      }
      body = { result: checked.data };
    } catch (error) {
      const answer = errorAnswer(error, correlationId);
      statusCode = answer.statusCode;
      body = answer.body;
      if (!(error instanceof AppError)) {
        log.error('unhandled error', {
          error:
            error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
        });
      }
    }
    log.info('request', { userId, status: statusCode, ms: Date.now() - started });
    return {
      statusCode,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-correlation-id': correlationId,
      },
      body: JSON.stringify(body),
    };
  };
}

async function authenticate(
  route: RouteDefinition,
  headers: Record<string, string | undefined>,
  deps: Partial<HandlerDeps>,
): Promise<Identity | null> {
  const token = bearerToken(headers);
  if (route.access === 'public') {
    return token ? await verified(token, deps).catch(() => null) : null;
  }
  if (!token) throw unauthenticated('Sign in to continue');
  const identity = await verified(token, deps);
  if (!route.access.some((group) => identity.groups.includes(group))) throw permissionDenied();
  return identity;
}

async function verified(token: string, deps: Partial<HandlerDeps>): Promise<Identity> {
  const identity = await (deps.verifyToken ?? envVerifier())(token);
  if (deps.isSessionRevoked && (await deps.isSessionRevoked(identity))) {
    throw unauthenticated('Your session has ended. Please sign in again.');
  }
  return identity;
}
