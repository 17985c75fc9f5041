/**
 * The one API client (docs/architecture.md "Web app: by feature"): calls a route of core/routes.ts by name with the callable protocol
 * (`POST {apiBaseUrl}/{name}` with `{ data }`, answer `{ result }` or `{ error }`, spec 7), attaches the ID
 * token and a correlation id, stops after 70 s, checks the answer against the route's output schema, and
 * applies the response rules (api-response-rules.ts: which answers log out).
 */
import type * as z from '../../../core/zod';
import { SERVER_FUNCTION_TIMEOUT_MS } from '../../../core/constants';
import { ERROR_STATUS_BY_HTTP, type CallableErrorBody, type ErrorStatus } from '../../../core/errors';
import type { RouteName, Routes } from '../../../core/routes';
import { apiLogout } from './api-logout';
import { currentIdToken } from './auth-session';
import { CallableError } from './callable-error';
import { firstPaint } from './first-paint-hold';
import { responseAction, type ResponseSource } from './api-response-rules';
import { customerApiMessage } from './customer-api-message';
import { logError } from './logger';
import { runtimeConfig } from './runtime-config';
import { forgetSessionSnapshot } from './session-snapshot';

export type RouteInput<N extends RouteName> = z.input<Routes[N]['input']>;
export type RouteOutput<N extends RouteName> = z.output<Routes[N]['output']>;

let routesModule: Promise<Routes> | undefined;
const loadRoutes = () => (routesModule ??= import('../../../core/routes').then((m) => m.ROUTES));

export interface ApiClientDeps {
  fetch: typeof fetch;
  apiBaseUrl: () => string;
  idToken: () => Promise<string | null>;
  /** Called when an answer means the session or the caller is gone (api-response-rules.ts). */
  logout: (reason: string) => void;
  timeoutMs: number;
  newCorrelationId: () => string;
  /** Resolves when a call may start (the app's: once its page's first render has painted, lib/first-paint-hold.ts). */
  ready?: () => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

const KNOWN_STATUSES = new Set<string>(Object.values(ERROR_STATUS_BY_HTTP));

function errorEnvelope(body: unknown): CallableErrorBody['error'] | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { status, message } = error as { status?: unknown; message?: unknown };
  if (typeof status !== 'string' || !KNOWN_STATUSES.has(status) || typeof message !== 'string') return null;
  return error as CallableErrorBody['error'];
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Builds a client; the app uses `callRoute` below, tests build their own with fakes. */
export function createApiClient(deps: ApiClientDeps) {
  function fail(error: CallableError, url: string, source: ResponseSource, callerGone = false): never {
    logError(`API call ${error.route} failed`, error, {
      status: error.status,
      httpStatus: error.httpStatus,
      correlationId: error.correlationId ?? null,
    });
    // Whatever else the answer means, the session answers kept for a warm start no longer hold.
    if (error.httpStatus === 401 || error.httpStatus === 403) forgetSessionSnapshot();
    const action = responseAction({ httpStatus: error.httpStatus, url, source, callerGone });
    if (action.logout) deps.logout(action.reason);
    throw error;
  }

  return async function call<N extends RouteName>(
    name: N,
    input: RouteInput<N>,
    options: CallOptions = {},
  ): Promise<RouteOutput<N>> {
    await deps.ready?.();
    // The route table (every operation's zod schemas) loads on the first call, not with the page: the sign-in
    // page's bundle does not grow with each new operation (bench/bundle-budget.json). It is needed only to read
    // the answer, so the request does not wait for it.
    const routeTable = loadRoutes();
    routeTable.catch(() => undefined); // awaited below once there is an answer; a failure is reported there
    const url = `${deps.apiBaseUrl().replace(/\/+$/, '')}/${name}`;
    const correlationId = deps.newCorrelationId();
    const token = await deps.idToken();

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), deps.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-correlation-id': correlationId,
          // spec 7: every request carries the current ID token.
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ data: input ?? {} }),
        signal,
      });
    } catch (error) {
      const timedOut = timeout.signal.aborted;
      if (options.signal?.aborted) throw error; // the caller cancelled (e.g. React Query): not a failure
      return fail(
        new CallableError({
          route: name,
          httpStatus: 0,
          status: timedOut ? 'deadline-exceeded' : 'unavailable',
          message: timedOut
            ? 'The server took too long to answer. Please try again.'
            : 'The portal could not be reached. Check your connection and try again.',
          correlationId,
        }),
        url,
        'other',
      );
    } finally {
      clearTimeout(timer);
    }

    const body = await readJson(response);
    const route = (await routeTable)[name];
    // The old portal's separate customer API (the route's `customerApi` flag; see api-response-rules).
    const source: ResponseSource = route.customerApi ? 'customer-api' : 'portal';
    const answeredId = response.headers.get('x-correlation-id') ?? correlationId;
    if (response.ok && typeof body === 'object' && body !== null && 'result' in body) {
      const parsed = route.output.safeParse((body as { result: unknown }).result);
      if (parsed.success) return parsed.data as RouteOutput<N>;
      return fail(
        new CallableError({
          route: name,
          httpStatus: response.status,
          status: 'internal',
          message: 'The server sent an answer the portal does not understand.',
          correlationId: answeredId,
        }),
        url,
        'other',
      );
    }

    const envelope = errorEnvelope(body);
    const message =
      source === 'customer-api'
        ? customerApiMessage(response.status, envelope?.message ?? response.statusText)
        : (envelope?.message ?? `The server answered with status ${response.status}.`);
    return fail(
      new CallableError({
        route: name,
        httpStatus: response.status,
        ...(envelope ? { status: envelope.status as ErrorStatus } : {}),
        message,
        ...(envelope?.details?.fieldErrors ? { fieldErrors: envelope.details.fieldErrors } : {}),
        correlationId: envelope?.correlationId ?? answeredId,
      }),
      url,
      // Only an answer in the portal's own error format is the portal's answer (a proxy's 502 page is not).
      envelope ? source : 'other',
      envelope?.details?.callerGone === true,
    );
  };
}

/** What the app's own client runs with; exported so tests exercise the real timeout, not a copy of it. */
export const liveApiClientDeps: ApiClientDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  apiBaseUrl: () => runtimeConfig().apiBaseUrl,
  idToken: currentIdToken,
  logout: apiLogout,
  timeoutMs: SERVER_FUNCTION_TIMEOUT_MS,
  newCorrelationId: () => globalThis.crypto.randomUUID(),
  ready: firstPaint,
};

/** Calls a portal route by name: `await callRoute('getMyProfile', {})`. */
export const callRoute = createApiClient(liveApiClientDeps);
