import { callableEvent } from './api-gateway-event';

/** A route's Lambda handler as the integration tests call it: an HTTP API event in, a result out. */
export type RouteHandler = (event: ReturnType<typeof callableEvent>) => Promise<{ statusCode?: number; body?: string }>;

/**
 * Calls the routes' handlers in-process against the emulators (no API gateway): `call(route, token, data)`
 * answers the status and the parsed body.
 */
export function handlerCaller<Route extends string>(handlers: Record<Route, RouteHandler>) {
  return async (route: Route, token: string, data?: unknown) => {
    const res = await handlers[route](callableEvent(route, { token, data }));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
    return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') as Record<string, any> };
  };
}
